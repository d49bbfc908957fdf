// swift-tools-version:6.1
// The benchmark package: LineFit against two HarfBuzz baselines on a committed corpus.
// Its own package so that LineFit itself never depends on package-benchmark.
import PackageDescription

let package = Package(
    name: "LineFitBenchmarks",
    dependencies: [
        // By name: a path dependency's identity is its folder's name, which differs per clone.
        .package(name: "LineFit", path: ".."),
        // package-benchmark, published under its new name ordo-one/benchmark. Only the malloc
        // interposer trait: mallocCountTotal is the deterministic metric CI gates on. The
        // default "RuntimeInterposer" trait would pull in swift-runtime-interposer, which
        // the machines' package mirror does not carry.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // HarfBuzz alone, for the baselines (LineFit's own CHarfBuzz is not a product).
        .systemLibrary(
            name: "CHarfBuzzBench",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // The two baselines: Instagram's Type Mode algorithm done naively, and one shape.
        .target(
            name: "TypeModeBaselines",
            dependencies: ["CHarfBuzzBench"]
        ),
        // Corpus and baseline checks, and a loop to run under callgrind (not a benchmark:
        // package-benchmark only runs executables in this Benchmarks/ folder).
        .executableTarget(
            name: "bench-driver",
            dependencies: [
                .product(name: "LineFit", package: "LineFit"), .product(name: "LineFitRender", package: "LineFit"),
                "TypeModeBaselines",
            ],
            path: "Sources/BenchDriver"
        ),
        // The figures of issue 8 (story-aware breaking) on the caption corpus.
        .executableTarget(
            name: "story-report",
            dependencies: [.product(name: "LineFit", package: "LineFit")],
            path: "Sources/StoryReport"
        ),
        .executableTarget(
            name: "LineFitBenchmarks",
            dependencies: [
                .product(name: "LineFit", package: "LineFit"),
                .product(name: "LineFitRender", package: "LineFit"),
                "TypeModeBaselines",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "LineFitBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
