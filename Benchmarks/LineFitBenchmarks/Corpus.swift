import Foundation
import LineFit
import TypeModeBaselines

/// Where the benchmark package and the project live: this file is
/// Benchmarks/LineFitBenchmarks/Corpus.swift, so the corpus is Benchmarks/Corpus and the
/// fonts are the project's Fonts/ (job files name fonts relative to the project root).
enum BenchmarkPaths {
    static let benchmarksRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let projectRoot = benchmarksRoot.deletingLastPathComponent()
    static let corpus = benchmarksRoot.appendingPathComponent("Corpus")
}

/// One layout job of the corpus: the shared sample jobs (Corpus/samples, copied from
/// shared/corpus) and the story texts written for these benchmarks (Corpus/stories).
struct Job: Decodable {
    var name: String
    var text: String
    var width: Double
    var min: Double
    var max: Double
    /// Primary font, relative to the project root.
    var font: String
    /// "none": the primary font alone (the Latin stories, so that LineFit and the HarfBuzz
    /// baselines see the same single font). Absent: the CLI's default fallback chain, which
    /// the emoji and mixed-direction samples need.
    var fallbacks: String?

    var options: LayoutOptions { LayoutOptions(width: width, minSize: min, maxSize: max) }
    var fontPath: String { BenchmarkPaths.projectRoot.appendingPathComponent(font).path }
    var length: Int { text.utf16.count }

    /// Reads Corpus/<folder>/<name>.json; a missing or broken file stops the run loudly.
    static func load(_ folder: String, _ name: String) -> Job {
        let url = BenchmarkPaths.corpus.appendingPathComponent(folder).appendingPathComponent(name + ".json")
        do {
            return try JSONDecoder().decode(Job.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read corpus job \(url.path): \(error)")
        }
    }

    /// Every job in Corpus/<folder>, sorted by name.
    static func loadAll(_ folder: String) -> [Job] {
        let directory = BenchmarkPaths.corpus.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let jobs = names.filter { $0.hasSuffix(".json") }.sorted().map { load(folder, String($0.dropLast(5))) }
        precondition(!jobs.isEmpty, "no corpus jobs in \(directory.path)")
        return jobs
    }

    /// The font chain: loaded once per process and shared by every benchmark (fonts are
    /// immutable and shared by design; loading them is not what is measured).
    func fontChain() throws -> FontChain {
        var paths = [fontPath]
        if fallbacks != "none" {
            for name in BundledFonts.defaultFallbackNames {
                let path = BenchmarkPaths.projectRoot.appendingPathComponent("Fonts").appendingPathComponent(name).path
                if path != fontPath { paths.append(path) }
            }
        }
        return try FontChain(fonts: paths.map { try LineFit.FontCache.shared.font($0) })
    }
}

/// HarfBuzz faces for the baselines (LineFit's fonts come from `LineFit.FontCache.shared`).
enum BaselineFaces {
    /// A new HarfBuzz face for a baseline. Not cached: the naive baseline changes its scale.
    static func harfBuzzFace(_ path: String) throws -> HarfBuzzFace {
        try HarfBuzzFace(path: path)
    }
}

/// The story series and the lengths the scaling and keystroke suites use.
enum Stories {
    static let lengths = [70, 280, 1_100, 2_200, 10_000]
    /// NotoSans Regular, one paragraph: the series the targets are read on.
    static let primarySeries = "story"
    /// LeagueSpartan Bold, paragraphs as written (the texts of 1,100 units and more have several).
    static let secondarySeries = "story-spartan"
    static let series = [primarySeries, secondarySeries]

    static func jobName(_ series: String, _ length: Int) -> String {
        series + "-" + String(format: "%05d", length)
    }

    static func job(_ series: String, _ length: Int) -> Job {
        let job = Job.load("stories", jobName(series, length))
        precondition(job.length == length, "\(job.name) has \(job.length) UTF-16 units, expected \(length)")
        return job
    }
}
