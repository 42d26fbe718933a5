// swift-tools-version:6.0
import PackageDescription

// No third-party packages: the toolchain and system C libraries only (DESIGN.md).
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Homepwner",
    products: [
        .executable(name: "homepwner", targets: ["homepwner"]),
        .executable(name: "SoakBenchmark", targets: ["SoakBenchmark"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL"),
        .systemLibrary(name: "CCrypt", path: "Sources/CCrypt"),
        .target(name: "CLinuxShim", path: "Sources/CLinuxShim"),
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // libpq, PostgreSQL's client library (Debian libpq-dev), for the second store (issue 25).
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ"),
        // libjpeg and libpng leave failing calls by exit() or longjmp; this C layer contains both.
        // A C target gets no autolinking from its dependencies' module maps, hence the linker settings.
        .target(name: "CImaging", dependencies: ["CJPEG", "CPNG"], path: "Sources/CImaging",
                linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16")]),
        // libqrencode is opened at run time (dlopen), never linked: without it only QR codes are missing.
        .target(name: "CQREncode", path: "Sources/CQREncode"),
        .target(name: "QRCode", dependencies: ["CQREncode"], swiftSettings: strict),
        .target(name: "HTTP", dependencies: ["CLinuxShim"], swiftSettings: strict),
        .target(name: "Mustache", swiftSettings: strict),
        .target(name: "Cryptography", dependencies: ["COpenSSL", "CCrypt"], swiftSettings: strict),
        .target(name: "Storage", dependencies: ["CSQLite", "PostgreSQL", "Cryptography", "Imaging"], swiftSettings: strict),
        .target(name: "Layout", swiftSettings: strict),
        // PO files and Plural-Forms rules (issue 26 part 5): the format of App's translations.
        .target(name: "Gettext", swiftSettings: strict),
        .target(name: "PostgreSQL", dependencies: ["CLibPQ"], swiftSettings: strict),
        .target(name: "Imaging", dependencies: ["CImaging"], swiftSettings: strict),
        // The takeaway ZIP (issue 24): the container written here, deflate from the system's zlib.
        .target(name: "Archiving", dependencies: ["CZlib"], swiftSettings: strict),
        .target(name: "App", dependencies: ["HTTP", "Mustache", "Storage", "Layout", "Cryptography", "Archiving", "QRCode", "Gettext"], exclude: ["Caches/README.md"],
                resources: [.copy("Resources/Localization")], swiftSettings: strict),
        .executableTarget(name: "homepwner", dependencies: ["App", "HTTP", "PostgreSQL"], swiftSettings: strict),

        // Shared by HTTPTests and AppTests: a live server on port 0 and a raw-socket client.
        .target(name: "HTTPTestSupport", dependencies: ["HTTP"], path: "Tests/HTTPTestSupport", swiftSettings: strict),
        // Real, metadata-free JPEG, PNG, GIF and WebP files made in code, for photo tests.
        .target(name: "ImageFixtures", dependencies: ["Imaging"], path: "Tests/ImageFixtures", swiftSettings: strict),
        // Reads QR codes back (zbarimg) and the modules out of our SVG, for QRCodeTests and AppTests.
        .target(name: "QRTestSupport", dependencies: ["QRCode"], path: "Tests/QRTestSupport", swiftSettings: strict),
        // The child process that the store's crash test kills with SIGKILL.
        .executableTarget(name: "StorageCrashWriter", dependencies: ["Storage", "ImageFixtures"], path: "Tests/StorageCrashWriter", swiftSettings: strict),
        // Benchmarks (not tests): `swift run -c release StorageBenchmark` and so on; see Benchmarks/README.md.
        .executableTarget(name: "StorageBenchmark", dependencies: ["Storage", "ImageFixtures", "PostgreSQL"], path: "Benchmarks/Storage", swiftSettings: strict),
        .executableTarget(name: "MustacheBenchmark", dependencies: ["Mustache"], path: "Benchmarks/Mustache", swiftSettings: strict),
        // A load generator in Swift speaking HTTP/1.1 itself, run by Benchmarks/soak.sh.
        .executableTarget(name: "SoakBenchmark", dependencies: ["CLinuxShim"], path: "Benchmarks/Soak", swiftSettings: strict),
        .executableTarget(name: "PageBenchmark", dependencies: ["App", "Cryptography", "HTTP", "Storage"], path: "Benchmarks/Pages", swiftSettings: strict),
        // Makes a ~1 GB store of photos for Benchmarks/backup.sh.
        .executableTarget(name: "BackupSeedBenchmark", dependencies: ["Storage"], path: "Benchmarks/BackupSeed", swiftSettings: strict),
        .executableTarget(name: "ImagingBenchmark", dependencies: ["Imaging", "Storage"], path: "Benchmarks/Imaging", swiftSettings: strict),

        .testTarget(name: "CryptographyTests", dependencies: ["Cryptography"], swiftSettings: strict),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "HTTPTestSupport"], swiftSettings: strict),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"], resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "StorageCrashWriter", "Cryptography", "ImageFixtures", "Imaging"], swiftSettings: strict),
        .testTarget(name: "LayoutTests", dependencies: ["Layout"], swiftSettings: strict),
        .testTarget(name: "GettextTests", dependencies: ["Gettext"], swiftSettings: strict),
        // Against HOMEPWNER_TEST_DATABASE (`.ci/postgres.sh start`); skipped, saying so, without it.
        .testTarget(name: "PostgreSQLTests", dependencies: ["PostgreSQL"], swiftSettings: strict),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging"], swiftSettings: strict),
        .testTarget(name: "ArchivingTests", dependencies: ["Archiving"], swiftSettings: strict),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode", "QRTestSupport"], swiftSettings: strict),
        .testTarget(name: "AppTests", dependencies: ["App", "HTTP", "HTTPTestSupport", "Storage", "PostgreSQL", "homepwner", "ImageFixtures", "Cryptography", "QRCode", "QRTestSupport"], swiftSettings: strict),
    ]
)
