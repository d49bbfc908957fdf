// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "LineFit",
    products: [
        .library(name: "LineFit", targets: ["LineFit"]),
        .library(name: "LineFitRender", targets: ["LineFitRender"]),
        .executable(name: "linefit", targets: ["linefit"]),
        // The C API (linefit.h) as a shared library, libLineFitC.so, for hosts that are not
        // Swift: JNI on Android, Python's ctypes, Node's FFI.
        .library(name: "LineFitC", type: .dynamic, targets: ["LineFitC"]),
    ],
    dependencies: [
        // `swift package generate-documentation` (the DocC catalog in Sources/LineFit/LineFit.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
        // dladdr (glibc declares it only under _GNU_SOURCE): finds the image LineFit was
        // loaded from, so the bundled fonts are found beside a shared library too.
        .target(name: "CLineFitSystem"),
        .target(
            name: "LineFit",
            dependencies: ["CHarfBuzz", "CICU", "CLineFitSystem"]
        ),
        // PNG encoding and decoding for the renderer; only LineFitRender links it, so the
        // core library has no image dependency.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // zlib for the PNG encoder, libjpeg-turbo for JPEG, libwebp for WebP pictures and
        // animated WebP (one module: WebPAnimEncoder in libwebpmux; libwebpdemux decodes, for tests).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // Animated GIF through giflib.
        .systemLibrary(
            name: "CGIF",
            providers: [.apt(["libgif-dev"])]
        ),
        // SVG, PNG, JPEG and WebP pictures of a styled layout, and typing animations.
        .target(
            name: "LineFitRender",
            dependencies: ["LineFit", "CPNG", "CZlib", "CJPEG", "CWebP", "CGIF"]
        ),
        // linefit.h, the C API's one header, and the checks that pin its records' layout.
        .target(name: "CLineFit"),
        // The C API: @_cdecl exports of linefit.h over a table of generation-checked handles.
        .target(
            name: "LineFitC",
            dependencies: ["CLineFit", "LineFit", "LineFitRender"]
        ),
        .executableTarget(
            name: "linefit",
            // No argument-parsing package: the CLI reads its command line with its own table
            // (Sources/linefit/CommandLine), which costs no start-up time.
            dependencies: ["LineFit", "LineFitRender"],
            // The Swift runtime and Foundation linked in (release only; the debug CLI that the
            // tests run links them dynamically): a dynamically linked linefit spends 20 M of
            // its 50 M start-up instructions resolving symbols across a dozen Swift libraries.
            // The sources are compiled against the static modules too, which name the
            // libraries those need (Foundation's ICU and CoreFoundation) for the linker.
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld"], .when(configuration: .release))]
        ),
        // Shared by the test suites (the sample job type); not a product, so not public API.
        .target(
            name: "LineFitTestSupport",
            dependencies: ["LineFit"]
        ),
        .testTarget(
            name: "LineFitTests",
            // LineFitC: the C API's handles on several threads (Reliability/ConcurrencyBreadthTests).
            dependencies: ["LineFit", "LineFitTestSupport", "LineFitC", "CLineFit"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "LineFitRenderTests",
            dependencies: ["LineFitRender", "LineFit", "LineFitTestSupport", "CWebP", "CGIF"],
            // Read and rewritten in place through #filePath (goldens have an accept switch),
            // so they are not bundled as resources.
            exclude: ["Fixtures", "Goldens"]
        ),
    ]
)
