import Foundation

/// The progress bar on standard error: jobs done, the rate always, the time left once the
/// total is known. Redrawn at most ten times a second.
final class BatchProgress {
    private let enabled: Bool
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64 = 0
    private var drawn = false
    private static let redrawInterval: UInt64 = 100_000_000
    private static let barWidth = 28

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Redraws when due; returns whether it did (the caller flushes results then too).
    @discardableResult
    func update(done: Int, total: Int?, failed: Int) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDrawn >= BatchProgress.redrawInterval else { return false }
        lastDrawn = now
        guard enabled else { return true }
        let seconds = Double(now - started) / 1e9
        let rate = seconds > 0 ? Double(done) / seconds : 0
        var text = "\r\u{1B}[K"
        if let total, total > 0 {
            let fraction = min(1, Double(done) / Double(total))
            let filled = Int(fraction * Double(BatchProgress.barWidth))
            text += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: BatchProgress.barWidth - filled) + "] "
            text += "\(done)/\(total) " + String(format: "%3.0f%%  %.1f/s", fraction * 100, rate)
            if rate > 0 && done < total { text += "  ETA " + BatchProgress.clock(Double(total - done) / rate) }
        } else {
            text += "\(done) done  " + String(format: "%.1f/s", rate)
        }
        if failed > 0 { text += "  \(failed) failed" }
        FileHandle.standardError.write(Data(text.utf8))
        drawn = true
        return true
    }

    /// Clears the bar, so the summary line starts clean.
    func finish() {
        if enabled && drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole >= 3600
            ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
