// swift-tools-version:6.0
import PackageDescription

// No third-party packages: the toolchain and system C libraries only (DESIGN.md).
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Homepwner",
    products: [
        .executable(name: "homepwner", targets: ["homepwner"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .target(name: "CLinuxShim", path: "Sources/CLinuxShim"),
        .target(name: "HTTP", dependencies: ["CLinuxShim"], swiftSettings: strict),
        .target(name: "Mustache", swiftSettings: strict),
        .target(name: "Storage", dependencies: ["CSQLite"], swiftSettings: strict),
        .target(name: "Layout", swiftSettings: strict),
        .target(name: "App", dependencies: ["HTTP", "Mustache", "Storage", "Layout"], swiftSettings: strict),
        .executableTarget(name: "homepwner", dependencies: ["App", "HTTP"], swiftSettings: strict),

        // Shared by HTTPTests and AppTests: a live server on port 0 and a raw-socket client.
        .target(name: "HTTPTestSupport", dependencies: ["HTTP"], path: "Tests/HTTPTestSupport", swiftSettings: strict),
        // The child process that the store's crash test kills with SIGKILL.
        .executableTarget(name: "StorageCrashWriter", dependencies: ["Storage"], path: "Tests/StorageCrashWriter", swiftSettings: strict),
        // Benchmarks (not tests): `swift run -c release StorageBenchmark` and so on; see Benchmarks/README.md.
        .executableTarget(name: "StorageBenchmark", dependencies: ["Storage"], path: "Benchmarks/Storage", swiftSettings: strict),
        .executableTarget(name: "MustacheBenchmark", dependencies: ["Mustache"], path: "Benchmarks/Mustache", swiftSettings: strict),

        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "HTTPTestSupport"], swiftSettings: strict),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"], resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "StorageCrashWriter"], swiftSettings: strict),
        .testTarget(name: "LayoutTests", dependencies: ["Layout"], swiftSettings: strict),
        .testTarget(name: "AppTests", dependencies: ["App", "HTTP", "HTTPTestSupport", "Storage"], swiftSettings: strict),
    ]
)
