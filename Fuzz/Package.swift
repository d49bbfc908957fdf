// swift-tools-version:6.1
// Coverage-guided fuzz targets for LineFit (libFuzzer + AddressSanitizer). Build and run as
// Fuzz/README.md says: `swift build` with `-sanitize=fuzzer` and `-parse-as-library`, since
// libFuzzer supplies `main` and calls `LLVMFuzzerTestOneInput` for every input.
import PackageDescription

let package = Package(
    name: "LineFitFuzz",
    dependencies: [.package(name: "LineFit", path: "..")],
    targets: [
        // Decoding fuzz bytes into text, options and edits, and the invariants every layout holds.
        .target(name: "FuzzSupport", dependencies: [.product(name: "LineFit", package: "LineFit")]),
        .executableTarget(name: "FuzzLayout", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzEditor", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzFonts", dependencies: ["FuzzSupport"]),
        // The C API (linefit.h) called with arbitrary arguments, NULLs and sizes included.
        .executableTarget(
            name: "FuzzCAPI", dependencies: ["FuzzSupport", .product(name: "LineFitC", package: "LineFit")]),
        // `linefit batch`'s job parser (JSON line -> job or one-line error); standalone.
        .executableTarget(name: "FuzzBatchJobs"),
        // Story-aware breaking: balanced and box layouts, and editor sessions with them.
        .executableTarget(name: "FuzzBalanced", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzBalancedEditor", dependencies: ["FuzzSupport"]),
        // Balanced and fill layouts of small paragraphs against every partition enumerated. It
        // reads the optimiser's internals (`@testable import`, so debug builds or
        // -enable-testing) and compiles the unit tests' oracle through a link
        // (BruteForcePartitions.swift -> Tests/LineFitTests/Reliability/).
        .executableTarget(name: "FuzzBalancedOptimum", dependencies: ["FuzzSupport"]),
    ]
)
