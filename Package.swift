// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "em",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
        .executable(name: "em", targets: ["em"]),
        .executable(name: "og-codegen", targets: ["og-codegen"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: SQLite
        // The system SQLite C library, found through pkg-config (Debian: libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // MARK: Framework
        // ObjectGraph: a Core Data-style object graph persisted in SQLite or in memory.
        .target(
            name: "ObjectGraph",
            dependencies: ["CSQLite"]
        ),

        // MARK: Tools
        // ObjectGraphCodegen: turns a model into typed ManagedObject subclasses (og-codegen's engine).
        .target(
            name: "ObjectGraphCodegen",
            dependencies: ["ObjectGraph"]
        ),
        // og-codegen: generates typed ManagedObject subclasses from a data model.
        .executableTarget(
            name: "og-codegen",
            dependencies: [
                "ObjectGraph",
                "ObjectGraphCodegen",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Planner
        // em: the EURO tournament planner command line.
        .executableTarget(
            name: "em",
            dependencies: [
                "ObjectGraph",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Tests
        .testTarget(
            name: "ObjectGraphTests",
            dependencies: ["ObjectGraph", "ObjectGraphCodegen"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
