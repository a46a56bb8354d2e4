// swift-tools-version: 6.1
import PackageDescription

/// System libraries come from Debian packages; `providers` tells SwiftPM which to suggest.
func systemLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt)])
}

/// Module edges the compiler checks, for every target of ours (docs/architecture.md, "What the
/// compiler checks"): a file uses members only of the modules it imports itself, and an import
/// is internal unless the file writes `public import`, which says its public API shows that module.
let checkedImports: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

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
        .target(name: "LedgerCore", swiftSettings: checkedImports + hotPath),
        .target(name: "LedgerCrypto", dependencies: ["CSodium", "CKeyutils", "LedgerCore"], swiftSettings: checkedImports),
        .target(name: "AgeFormat", dependencies: ["CSodium", "LedgerCore", "LedgerCrypto"], swiftSettings: checkedImports),
        .target(name: "Migrations", dependencies: ["LedgerCore"], path: "Migrations", swiftSettings: checkedImports),
        .target(name: "LedgerStore", dependencies: ["CLMDB", "CMalloc", "CZstd", "LedgerCore", "LedgerCrypto", "Migrations"], swiftSettings: checkedImports + hotPath),
        .target(name: "DemoData", dependencies: ["LedgerCore"], swiftSettings: checkedImports),
        .target(name: "Numerical", swiftSettings: checkedImports + hotPath),
        .target(name: "Projections", dependencies: ["LedgerCore", "LedgerStore", "Numerical"], swiftSettings: checkedImports + hotPath),
        .target(name: "Zip", dependencies: ["CIsal", "CZip", "LedgerCore"], swiftSettings: checkedImports + hotPath),
        .target(name: "HealthImport", dependencies: [
            "LedgerCore", "LedgerCrypto", "LedgerStore", "Zip",
        ], swiftSettings: checkedImports + hotPath),
        .target(name: "Query", dependencies: ["LedgerCore", "Numerical", "Projections"], swiftSettings: checkedImports),
        .target(name: "LedgerApplication", dependencies: ["Charts", "LedgerCore", "LedgerCrypto", "LedgerStore", "Numerical", "Projections", "Query"], swiftSettings: checkedImports),
        .target(name: "Charts", dependencies: ["LedgerCore", "Numerical", "Projections"], swiftSettings: checkedImports),
        .target(name: "Parquet", dependencies: ["CZstd", "LedgerCore"], swiftSettings: checkedImports),
        .target(name: "DataExport", dependencies: [
            "LedgerCore", "LedgerCrypto", "LedgerStore", "Projections", "Parquet", .product(name: "GRDB", package: "GRDB.swift"),
        ], swiftSettings: checkedImports),
        .target(name: "Cohort", dependencies: ["CSodium", "LedgerCore", "LedgerCrypto", "Projections", "HealthBundle", "DataExport", "Parquet", "Zip"], swiftSettings: checkedImports),
        .target(name: "Dashboard", dependencies: [
            "LedgerApplication", "LedgerCore", "LedgerCrypto", "LedgerStore", "Numerical", "Projections", "Query", "Charts", "HealthBundle",
            .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"), .product(name: "NIOPosix", package: "swift-nio"),
        ], swiftSettings: checkedImports),
        .target(name: "IngestServer", dependencies: [
            "HealthImport", "LedgerApplication", "LedgerCore", "LedgerStore",
            .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        ], swiftSettings: checkedImports),
        .target(name: "HealthBundle", dependencies: [
            "AgeFormat", "CSodium", "Charts", "LedgerCore", "LedgerCrypto", "LedgerStore", "Projections", "Zip",
        ], path: "Sources/Bundle", resources: [.copy("Resources/HKSampleMapping.json"), .copy("Resources/HKSampleMapping.LICENSE.md")], swiftSettings: checkedImports),
        .executableTarget(name: "healthledger", dependencies: [
            "LedgerApplication", "LedgerStore", "LedgerCrypto", "LedgerCore", "Migrations", "DemoData", "Numerical", "Projections", "HealthImport", "Query", "Charts", "HealthBundle", "AgeFormat", "DataExport", "Dashboard", "Cohort", "IngestServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: checkedImports),
        .executableTarget(name: "ledger-replay", dependencies: [
            "LedgerApplication", "LedgerStore", "LedgerCrypto", "Projections",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Tools/Replay", swiftSettings: checkedImports),
        .executableTarget(name: "ledger-bench", dependencies: [
            "LedgerStore", "LedgerCrypto", "LedgerCore", "DemoData", "Projections", "CLMDB", "CZstd", "CSodium",
        ], path: "Tools/Bench", swiftSettings: checkedImports),
        .executableTarget(name: "health-export-gen", dependencies: [
            "DemoData", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Tools/ExportGen", swiftSettings: checkedImports),
        .executableTarget(name: "age-bench", dependencies: ["AgeFormat"], path: "Tools/AgeBench", swiftSettings: checkedImports),
        .executableTarget(name: "attachment-bench", dependencies: [
            "HealthImport", "LedgerCore", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ], path: "Tools/AttachmentBench", swiftSettings: checkedImports),
        .executableTarget(name: "calorie-sim", dependencies: ["Projections", "DemoData"], path: "Tools/CalorieSim", swiftSettings: checkedImports),
        .target(name: "TestSupport", dependencies: ["CLMDB", "LedgerCore", "LedgerCrypto", "LedgerStore"], path: "Tests/TestSupport", swiftSettings: checkedImports),
        .testTarget(name: "LedgerCoreTests", dependencies: ["LedgerCore", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: checkedImports),
        .testTarget(name: "LedgerApplicationTests", dependencies: ["LedgerApplication", "LedgerCore", .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: checkedImports),
        .testTarget(name: "LedgerCryptoTests", dependencies: ["LedgerCrypto", "LedgerCore", "CSodium"], swiftSettings: checkedImports),
        .testTarget(name: "MigrationsTests", dependencies: ["Migrations", "LedgerCore"], swiftSettings: checkedImports),
        .testTarget(name: "LedgerStoreTests", dependencies: ["LedgerStore", "LedgerCore", "LedgerCrypto", "TestSupport", "CLMDB", "Migrations", .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: checkedImports),
        .testTarget(name: "EndToEndTests", dependencies: [
            "TestSupport", "LedgerCore", "LedgerCrypto", "CLMDB", "CZstd", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ], swiftSettings: checkedImports),
        .testTarget(
            name: "HealthImportTests",
            dependencies: ["HealthImport", "LedgerCore", "LedgerCrypto", "LedgerStore", "Projections", "TestSupport", "Zip", .product(name: "ZIPFoundation", package: "ZIPFoundation"), .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Fixtures")], swiftSettings: checkedImports),
        .testTarget(name: "ReliabilityTests", dependencies: ["DemoData", "LedgerStore", "TestSupport", "LedgerCore", "LedgerCrypto", "HealthImport", "Query", "CLMDB", .product(name: "PropertyBased", package: "swift-property-based")], exclude: ["Fixtures"], swiftSettings: checkedImports),
        .testTarget(name: "QueryTests", dependencies: ["Numerical", "Query", "Projections", "LedgerCore", "DemoData", .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: checkedImports),
        .testTarget(name: "ChartsTests", dependencies: ["Charts", "LedgerCore", .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: checkedImports),
        .testTarget(name: "ParquetTests", dependencies: ["Parquet", "CZstd", .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: checkedImports),
        .testTarget(name: "AgeFormatTests", dependencies: ["AgeFormat", "TestSupport", "LedgerCrypto", "CZip"], resources: [.copy("Fixtures")], swiftSettings: checkedImports),
        .testTarget(name: "HealthBundleTests", dependencies: ["HealthBundle", "Cohort", "TestSupport", "Zip", "AgeFormat", "LedgerCore", "LedgerCrypto", "LedgerStore", "Projections", .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: checkedImports),
        .testTarget(name: "NumericalTests", dependencies: ["Numerical"], exclude: ["Reference"], swiftSettings: checkedImports),
        .testTarget(name: "ProjectionsTests", dependencies: ["Numerical", "Projections", "TestSupport", "LedgerCore", "LedgerCrypto", "LedgerStore", "DemoData", .product(name: "PropertyBased", package: "swift-property-based")], swiftSettings: checkedImports),
        .testTarget(name: "VitalsTests", dependencies: ["Numerical", "Projections", "TestSupport", "Charts", "HealthImport", "LedgerCore", "LedgerStore", "LedgerCrypto", .product(name: "PropertyBased", package: "swift-property-based")], resources: [.copy("Fixtures")], swiftSettings: checkedImports),
        .testTarget(name: "DashboardTests", dependencies: [
            "Charts", "Dashboard", "LedgerCore", "LedgerCrypto", "LedgerStore", "Projections", "Query", "TestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ], swiftSettings: checkedImports),
    ]
)

// Benchmarks and simulators are built only when asked (`HEALTHLEDGER_TOOLS=1`, which the
// Tools/bench-*.sh scripts set), so `swift build` and the tests compile the product alone.
let builtOnlyWhenAsked: Set<String> = ["ledger-bench", "age-bench", "attachment-bench", "calorie-sim"]
if Context.environment["HEALTHLEDGER_TOOLS"] == nil {
    package.targets.removeAll { builtOnlyWhenAsked.contains($0.name) }
    package.products.removeAll { builtOnlyWhenAsked.contains($0.name) }
}
