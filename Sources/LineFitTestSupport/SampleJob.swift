import Foundation
import LineFit

/// Test support, not part of LineFit's API (this target is no product).
///
/// One layout job as a file: the text, the width and sizes, and the primary font (a path,
/// relative to wherever the job is run from). The sample stories of `../shared/corpus`,
/// copied into the test fixtures, are such files.
public struct SampleJob: Codable, Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var text: String
    public var width: Double
    public var min: Double
    public var max: Double
    public var font: String

    public init(name: String, text: String, width: Double, min: Double, max: Double, font: String) {
        self.name = name
        self.text = text
        self.width = width
        self.min = min
        self.max = max
        self.font = font
    }

    /// Reads a job from its JSON file; a missing or malformed file is a clear error.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LineFitError.invalidOption(name: "job", reason: "cannot read \(url.path)")
        }
        do {
            self = try JSONDecoder().decode(SampleJob.self, from: data)
        } catch {
            throw LineFitError.invalidOption(
                name: "job", reason: "\(url.path) is not a job (name, text, width, min, max, font)")
        }
    }

    /// The job's width and sizes as layout options (everything else at its default).
    public var options: LayoutOptions { LayoutOptions(width: width, minSize: min, maxSize: max) }

    public var description: String { name }
}
