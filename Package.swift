// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "LineFit",
    products: [
        .library(name: "LineFit", targets: ["LineFit"]),
        .executable(name: "linefit", targets: ["linefit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // HarfBuzz shapes, FreeType supplies metrics and outlines; both come from the system.
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfreetype-dev"])]
        ),
        // ICU's C API renames every symbol per version (ubrk_open_72, ...), which Swift cannot
        // import; this shim compiles against the installed headers and exports stable names.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .target(
            name: "LineFit",
            dependencies: ["CHarfBuzz", "CICU"]
        ),
        .executableTarget(
            name: "linefit",
            dependencies: [
                "LineFit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "LineFitTests",
            dependencies: ["LineFit"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
