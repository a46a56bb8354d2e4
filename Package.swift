// swift-tools-version: 6.1
import PackageDescription

/// System libraries come from Debian packages; `providers` tells SwiftPM which to suggest.
func systemLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt)])
}

/// Release builds of the targets an import runs through skip the dynamic exclusivity checks:
/// they show in an import's CPU (docs/performance.md, `hotPath`), and debug builds (the tests) still make them.
let hotPath: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

/// Linux only: the code calls Glibc, the kernel keyring (keyutils) and Linux's file flags
/// directly, so no Apple platform is claimed.
let package = Package(
    name: "HealthLedger",
    products: [
        .executable(name: "healthledger", targets: ["healthledger"]),
        .executable(name: "ledger-bench", targets: ["ledger-bench"]),
        .executable(name: "ledger-replay", targets: ["ledger-replay"]),
        .executable(name: "health-export-gen", targets: ["health-export-gen"]),
        .executable(name: "calorie-sim", targets: ["calorie-sim"]),
        .executable(name: "age-bench", targets: ["age-bench"]),
        .executable(name: "attachment-bench", targets: ["attachment-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    ],
    targets: [
        systemLibrary("CLMDB", pkgConfig: "lmdb", apt: ["liblmdb-dev"]),
        systemLibrary("CSodium", pkgConfig: "libsodium", apt: ["libsodium-dev"]),
        systemLibrary("CZstd", pkgConfig: "libzstd", apt: ["libzstd-dev"]),
        systemLibrary("CKeyutils", pkgConfig: "libkeyutils", apt: ["libkeyutils-dev"]),
        systemLibrary("CZip", pkgConfig: "zlib", apt: ["zlib1g-dev"]),
        systemLibrary("CIsal", pkgConfig: "libisal", apt: ["libisal-dev"]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "LedgerCore", swiftSettings: hotPath),
        .target(name: "LedgerCrypto", dependencies: ["CSodium", "CKeyutils", "LedgerCore"]),
        .target(name: "AgeFormat", dependencies: ["CSodium", "LedgerCore", "LedgerCrypto"]),
        .target(name: "Migrations", dependencies: ["LedgerCore"], path: "Migrations"),
        .target(name: "LedgerStore", dependencies: ["CLMDB", "CMalloc", "CZstd", "LedgerCore", "LedgerCrypto", "Migrations"], swiftSettings: hotPath),
        .target(name: "DemoData", dependencies: ["LedgerCore"]),
        .target(name: "Projections", dependencies: ["LedgerCore", "LedgerStore"], swiftSettings: hotPath),
        .target(name: "Zip", dependencies: ["CIsal", "CZip", "LedgerCore"], swiftSettings: hotPath),
        .target(name: "HealthImport", dependencies: [
            "LedgerCore", "LedgerCrypto", "LedgerStore", "Zip",
        ], swiftSettings: hotPath),
        .target(name: "Query", dependencies: ["LedgerCore", "Projections"]),
        .target(name: "LedgerApplication", dependencies: ["Charts", "LedgerCore", "LedgerCrypto", "LedgerStore", "Projections", "Query"]),
        .target(name: "Charts", dependencies: ["LedgerCore", "Projections"]),
        .target(name: "Parquet", dependencies: ["CZstd", "LedgerCore"]),
        .target(name: "DataExport", dependencies: [
            "LedgerCore", "LedgerCrypto", "LedgerStore", "Projections", "Parquet", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .target(name: "Cohort", dependencies: ["CSodium", "LedgerCore", "Projections", "HealthBundle", "DataExport", "Parquet", "Zip"]),
        .target(name: "Dashboard", dependencies: [
            "LedgerApplication", "LedgerCore", "LedgerStore", "Projections", "Query", "Charts", "HealthBundle",
            .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        .target(name: "IngestServer", dependencies: [
            "HealthImport", "LedgerApplication", "LedgerCore", "LedgerStore",
            .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .target(name: "HealthBundle", dependencies: [
            "AgeFormat", "CSodium", "Charts", "LedgerCore", "LedgerCrypto", "LedgerStore", "Projections", "Zip",
        ], path: "Sources/Bundle", resources: [.copy("Resources/HKSampleMapping.json"), .copy("Resources/HKSampleMapping.LICENSE.md")]),
        .executableTarget(name: "healthledger", dependencies: [
            "LedgerApplication", "LedgerStore", "LedgerCrypto", "LedgerCore", "Migrations", "DemoData", "Projections", "HealthImport", "Query", "Charts", "HealthBundle", "AgeFormat", "DataExport", "Dashboard", "Cohort", "IngestServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "ledger-replay", dependencies: [
            "LedgerApplication", "LedgerStore", "LedgerCrypto", "Projections",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Tools/Replay"),
        .executableTarget(name: "ledger-bench", dependencies: [
            "LedgerStore", "LedgerCrypto", "LedgerCore", "DemoData", "Projections", "CLMDB", "CZstd", "CSodium",
        ], path: "Tools/Bench"),
        .executableTarget(name: "health-export-gen", dependencies: [
            "DemoData", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Tools/ExportGen"),
        .executableTarget(name: "age-bench", dependencies: ["AgeFormat"], path: "Tools/AgeBench"),
        .executableTarget(name: "attachment-bench", dependencies: [
            "HealthImport", "LedgerCore", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ], path: "Tools/AttachmentBench"),
        .executableTarget(name: "calorie-sim", dependencies: ["Projections", "DemoData"], path: "Tools/CalorieSim"),
        .target(name: "TestSupport", dependencies: ["CLMDB", "LedgerCore", "LedgerCrypto", "LedgerStore"], path: "Tests/TestSupport"),
        .testTarget(name: "LedgerCoreTests", dependencies: ["LedgerCore", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "LedgerApplicationTests", dependencies: ["LedgerApplication", "LedgerCore", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "LedgerCryptoTests", dependencies: ["LedgerCrypto", "LedgerCore", "CSodium"]),
        .testTarget(name: "MigrationsTests", dependencies: ["Migrations", "LedgerCore"]),
        .testTarget(name: "LedgerStoreTests", dependencies: ["LedgerStore", "TestSupport", "CLMDB", "Migrations", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "EndToEndTests", dependencies: [
            "TestSupport", "LedgerCore", "LedgerCrypto", "CLMDB", "CZstd", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        .testTarget(
            name: "HealthImportTests",
            dependencies: ["HealthImport", "LedgerCore", "LedgerStore", "Projections", "TestSupport", "Zip", .product(name: "ZIPFoundation", package: "ZIPFoundation"), .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "ReliabilityTests", dependencies: ["DemoData", "LedgerStore", "TestSupport", "LedgerCore", "LedgerCrypto", "HealthImport", "Query", "CLMDB", .product(name: "PropertyBased", package: "swift-property-based")], exclude: ["Fixtures"]),
        .testTarget(name: "QueryTests", dependencies: ["Query", "Projections", "LedgerCore", "DemoData"], exclude: ["Reference"]),
        .testTarget(name: "ChartsTests", dependencies: ["Charts", "LedgerCore", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "ParquetTests", dependencies: ["Parquet", "CZstd", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "AgeFormatTests", dependencies: ["AgeFormat", "TestSupport", "LedgerCrypto", "CZip"], resources: [.copy("Fixtures")]),
        .testTarget(name: "HealthBundleTests", dependencies: ["HealthBundle", "Cohort", "TestSupport", "Zip", "AgeFormat", "LedgerCore", "LedgerCrypto", "LedgerStore", "Projections", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "ProjectionsTests", dependencies: ["Projections", "TestSupport", "LedgerCore", "LedgerStore", "DemoData", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "VitalsTests", dependencies: ["Projections", "TestSupport", "Charts", "HealthImport", "LedgerCore", "LedgerStore", "LedgerCrypto", .product(name: "PropertyBased", package: "swift-property-based")], resources: [.copy("Fixtures")]),
        .testTarget(name: "DashboardTests", dependencies: [
            "Charts", "Dashboard", "LedgerCore", "LedgerCrypto", "LedgerStore", "Projections", "Query", "TestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
    ]
)
