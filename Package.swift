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

        .testTarget(name: "HTTPTests", dependencies: ["HTTP"], swiftSettings: strict),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"], resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "StorageTests", dependencies: ["Storage"], swiftSettings: strict),
        .testTarget(name: "LayoutTests", dependencies: ["Layout"], swiftSettings: strict),
        .testTarget(name: "AppTests", dependencies: ["App", "HTTP", "Storage"], swiftSettings: strict),
    ]
)
