// swift-tools-version:6.0
import PackageDescription

// The benchmark suite lives in its own package so that `swift build` and `make test` in the
// main package never compile it (nor GRDB). `make bench` builds it in release mode and runs it.
let package = Package(
    name: "ObjectGraphBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named after the main manifest's package, so the product reference below does not
        // depend on the name of the folder the repository was cloned into.
        .package(name: "em", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: System libraries
        // The system SQLite C library: the same libsqlite3 that ObjectGraph and GRDB link, so
        // that the raw C baseline runs the very same engine.
        .systemLibrary(
            name: "CSQLite3",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The system libpq C library, for the raw libpq baseline of the PostgreSQL workloads.
        .systemLibrary(
            name: "CLibPQRaw",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // glibc's malloc statistics (mallinfo2), which the Glibc module does not export.
        .systemLibrary(name: "CMalloc"),

        // MARK: Suite
        // og-bench: every workload three ways (raw SQLite C API, GRDB records, ObjectGraph),
        // checksummed, timed, and reported as a table and as JSON; then workloads 1 to 7 on a
        // PostgreSQL server, raw libpq against ObjectGraph.
        .executableTarget(
            name: "og-bench",
            dependencies: [
                "CSQLite3",
                "CLibPQRaw",
                "CMalloc",
                .product(name: "ObjectGraph", package: "em"),
                .product(name: "SeededRandom", package: "em"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // og-floor: workload 9's floor, a Swift program that opens a store with the SQLite C
        // API and reads one row; og-bench times `em` (built here too) against it.
        .executableTarget(name: "og-floor", dependencies: ["CSQLite3"]),
        // og-objectfloor: workload 2 read into structs, into objects, and into objects kept in a
        // uniquing table, and workload 8's memory for the least fault objects, with the C API
        // alone: the least any object graph pays.
        .executableTarget(name: "og-objectfloor", dependencies: ["CSQLite3", "CMalloc"]),

        // MARK: Tests
        // The harness's own logic (reports, comparisons, tables); `make bench-check` runs them
        // and then the whole suite on a small tournament.
        .testTarget(name: "og-bench-tests", dependencies: ["og-bench"]),
    ]
)
