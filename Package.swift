// swift-tools-version:6.0
import PackageDescription

// The program's own modules reach a generic type's metadata through an
// accessor function, not through its mangled name: the name is demangled, and
// each of its generic requirements looked up among every conformance the program
// has, the first time a start meets the type (the toolbar's layouts, the
// tunables, the atoms' table), about 330,000 instructions of every start before
// its first frame. The code is a little larger; nothing changes once running.
// Each function in a section of its own, so that the release's linker can lay
// out those a touch event runs together (scripts/function-order.txt).
let startUpSettings: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                  "-Xfrontend", "-function-sections"]),
]

let package = Package(
    name: "TouchTracker",
    products: [
        .executable(name: "touchtracker", targets: ["touchtracker"]),
        .executable(name: "touchtracker-bench", targets: ["touchtracker-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // libX11 + libXi, with static inline wrappers for the macros Swift cannot import.
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11 xi",
            providers: [.apt(["libx11-dev", "libx11-xcb-dev", "libxi-dev"])]
        ),
        // libpng's simplified API (no setjmp): the window icon, and later PNG files.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // libXft (fontconfig, FreeType, Render): antialiased, scalable text; core X fonts remain the fallback.
        .systemLibrary(
            name: "CXft",
            pkgConfig: "xft",
            providers: [.apt(["libxft-dev", "libfontconfig-dev"])]
        ),
        // cairo's image surface: `--export FILE.png` rasterised without an X display.
        // Its header only: the library is opened when a PNG is exported (shim.h), so
        // no pkg-config, which would link it (and its pixman, xcb-shm, xcb-render)
        // into every start.
        .systemLibrary(
            name: "CCairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        // libyaml's document API: `libinput record` files (TouchTrackerImport only). Its
        // header only: the library is opened at the first recording read (shim.h).
        .systemLibrary(
            name: "CYAML",
            providers: [.apt(["libyaml-dev"])]
        ),
        // The locale and fontconfig's reading, begun by a constructor before the Swift
        // runtime's own start-up and main: the way to the first frame waits for that reading.
        // Also the start-up marks (TOUCHTRACKER_STARTUP_MARKS), kept from that constructor on.
        .target(name: "CStartUp", linkerSettings: [.linkedLibrary("fontconfig")]),
        // Pure decisions: no CX11, no Glibc, no Foundation.
        .target(name: "TouchTrackerCore", swiftSettings: startUpSettings),
        // What the shell asks of the OS, once: wake pipes, worker threads, whole files,
        // folders, errno in words. Glibc and Synchronization only: no core, no CX11.
        .target(name: "TouchTrackerSystem", swiftSettings: startUpSettings),
        // The accelerometer's files and thread: sysfs discovery and polling, no CX11.
        .target(name: "TouchTrackerAccelerometer", dependencies: ["TouchTrackerCore", "TouchTrackerSystem"], swiftSettings: startUpSettings),
        // The drawing on disk: its file, lock, crash-safe writes and saver thread; no CX11.
        .target(name: "TouchTrackerStorage", dependencies: ["TouchTrackerCore", "TouchTrackerSystem"], swiftSettings: startUpSettings),
        // Touchscreen and pen recordings (libinput record, evemu-record) turned into the
        // core's TouchEvents and PenEvents: pure, text in and values out; no CX11, no Glibc,
        // no Foundation, no files. libyaml (CYAML) composes the YAML.
        .target(name: "TouchTrackerImport", dependencies: ["TouchTrackerCore", "CYAML"], swiftSettings: startUpSettings),
        // The imperative shell: the only product module that imports CX11 (and CPNG, CXft, CCairo, CStartUp).
        .target(name: "TouchTrackerX11", dependencies: ["CX11", "CPNG", "CXft", "CCairo", "CStartUp", "TouchTrackerCore", "TouchTrackerSystem", "TouchTrackerAccelerometer", "TouchTrackerStorage", "TouchTrackerImport"], swiftSettings: startUpSettings),
        .executableTarget(
            name: "touchtracker",
            dependencies: [
                "TouchTrackerX11", "TouchTrackerCore", "TouchTrackerSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: startUpSettings
        ),
        // Headless Xorg with inputtest devices and a probe that reads the screen back, shared
        // by the tests, the benchmark and the screenshot tool; under Tests/ because it never ships. A client of its own (CX11),
        // never of the app's shell: the harness must not see what it tests from inside. It reads
        // the app's PNGs back with libpng (CPNG) on its own too.
        .target(name: "XorgHarness", dependencies: ["CX11", "CPNG", "TouchTrackerCore"], path: "Tests/XorgHarness"),
        .executableTarget(
            name: "touchtracker-bench",
            dependencies: ["XorgHarness", "TouchTrackerCore"],
            path: "Benchmarks/touchtracker-bench",
            exclude: ["reference_client.c"]
        ),
        // The core's share of a touch event, without X, for callgrind (run-corepath.sh).
        .executableTarget(name: "touchtracker-corepath", dependencies: ["TouchTrackerCore"],
                          path: "Benchmarks/touchtracker-corepath", linkerSettings: [.linkedLibrary("m")]),
        // The autosaver's instructions per saved stroke, without X, for callgrind (run-savepath.sh).
        .executableTarget(name: "touchtracker-savepath",
                          dependencies: ["TouchTrackerStorage", "TouchTrackerCore", "TouchTrackerSystem"],
                          path: "Benchmarks/touchtracker-savepath", linkerSettings: [.linkedLibrary("m")]),
        .executableTarget(
            name: "touchtracker-screenshot",
            dependencies: ["XorgHarness", "TouchTrackerCore"],
            path: "Tools/touchtracker-screenshot"
        ),
        // Writes touchtracker(1) from the command's own definition (its --experimental-dump-help)
        // and the hand-written sections; install.sh runs it when it builds. Never installed.
        .executableTarget(name: "touchtracker-manual", path: "Tools/touchtracker-manual"),
        // Prints the catalogue template's entries from the core's list of phrases;
        // scripts/update-translations.sh runs it. Never installed.
        // The core rounds with libm, which nothing else of this tool links.
        .executableTarget(name: "touchtracker-pot", dependencies: ["TouchTrackerCore"], path: "Tools/touchtracker-pot",
                          linkerSettings: [.linkedLibrary("m")]),
        .testTarget(name: "TouchTrackerCoreTests", dependencies: ["TouchTrackerCore"]),
        .testTarget(name: "AccelerometerTests", dependencies: ["TouchTrackerAccelerometer", "TouchTrackerCore", "XorgHarness"]),
        // Depends on the executable so `swift test` always rebuilds the touchtracker it runs.
        .testTarget(name: "IntegrationTests", dependencies: ["XorgHarness", "touchtracker"]),
        // The executable's own parsing (@testable), without a display: the usual start's
        // shortcut against ArgumentParser.
        .testTarget(name: "CommandLineParsingTests", dependencies: [
            "touchtracker", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "InstallTests", dependencies: ["XorgHarness"]),
        // The catalogues against the program's phrases, and the real program choosing its
        // language; depends on the executable so `swift test` rebuilds the one it runs.
        .testTarget(name: "TranslationTests", dependencies: ["TouchTrackerCore", "XorgHarness", "touchtracker"]),
        .testTarget(
            name: "ImportTests",
            dependencies: ["TouchTrackerImport", "TouchTrackerCore"],
            resources: [.copy("Samples")]
        ),
        .testTarget(name: "StorageTests", dependencies: ["TouchTrackerStorage", "TouchTrackerSystem", "TouchTrackerCore", "XorgHarness"]),
        // The shell's internals (@testable) against the real test Xorg: an XConnection
        // and AppWindow in the test process, fed real input through the inputtest devices.
        .testTarget(name: "ShellTests", dependencies: ["TouchTrackerX11", "TouchTrackerCore", "XorgHarness", "CX11"]),
    ]
)
