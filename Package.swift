// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "em",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
        // The seeded generator, for the benchmarks (a package of their own).
        .library(name: "SeededRandom", targets: ["SeededRandom"]),
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

        // ObjectGraphSQLite: a thin Swift wrapper of the SQLite C API (connections, statements,
        // values, errors, backup), for the framework's SQLite store only; the one target that
        // imports CSQLite.
        .target(
            name: "ObjectGraphSQLite",
            dependencies: ["CSQLite"]
        ),

        // MARK: PostgreSQL
        // The headers of the system libpq C library (Debian: libpq-dev); the library itself is
        // loaded on the first connection (see shim.h), not linked: it brings OpenSSL, Kerberos
        // and LDAP, which every run of em would otherwise load.
        .systemLibrary(name: "CLibPQ"),
        // ObjectGraphPostgreSQL: a thin Swift wrapper of libpq (connections, statements with
        // bound parameters in the binary format, pipelines, errors), for the framework's
        // PostgreSQL store only; the one target that imports CLibPQ.
        .target(
            name: "ObjectGraphPostgreSQL",
            dependencies: ["CLibPQ"]
        ),

        // MARK: Framework
        // ObjectGraph: a Core Data-style object graph persisted in SQLite, PostgreSQL or memory.
        .target(
            name: "ObjectGraph",
            dependencies: ["ObjectGraphSQLite", "ObjectGraphPostgreSQL"]
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

        // MARK: libedit
        // The system line editor (Debian: libedit-dev), through its readline-compatible API:
        // line editing, history and completion at the prompt of `em shell` on a terminal.
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),

        // MARK: Football.TXT
        // FootballText: openfootball's Football.TXT text format (matches, results, scorers,
        // line-ups; squads), parsed with located errors and written back; Foundation only.
        .target(name: "FootballText"),

        // MARK: Planner
        // EMPlanner: the tournament domain on ObjectGraph, reading Football.TXT; the data model
        // (every version, for migrating stores of earlier ones), the EURO 2012 and 2024 setups
        // and EURO 2024's Football.TXT files are compiled into the binary, so an installed em
        // stands alone. ModelVersions/ links to the versions in Resources/EM.xcdatamodeld.
        .target(
            name: "EMPlanner",
            dependencies: ["ObjectGraph", "FootballText"],
            resources: [
                // Each version of the model, by its version's name: two files called `contents`
                // would make two resources of one name.
                .embedInCode("ModelVersions/EM.xml"),
                .embedInCode("ModelVersions/EM 2.xml"),
                .embedInCode("ModelVersions/EM 3.xml"),
                .embedInCode("ModelVersions/EM 4.xml"),
                .embedInCode("ModelVersions/EM 5.xml"),
                .embedInCode("ModelVersions/EM 6.xml"),
                .embedInCode("ModelVersions/EM 7.xml"),
                .embedInCode("ModelVersions/EM 8.xml"),
                .embedInCode("../../Resources/euro2012.plist"),
                .embedInCode("../../Resources/euro2024.plist"),
                // EURO 2024's goals, cards and line-ups as openfootball writes them, with the squads
                // that name their players: `em init --with-results` adds them to the plist's results.
                .embedInCode("../../Resources/euro2024.txt"),
                .embedInCode("../../Resources/euro2024-squads/albania.txt"),
                .embedInCode("../../Resources/euro2024-squads/austria.txt"),
                .embedInCode("../../Resources/euro2024-squads/belgium.txt"),
                .embedInCode("../../Resources/euro2024-squads/croatia.txt"),
                .embedInCode("../../Resources/euro2024-squads/czech-republic.txt"),
                .embedInCode("../../Resources/euro2024-squads/denmark.txt"),
                .embedInCode("../../Resources/euro2024-squads/england.txt"),
                .embedInCode("../../Resources/euro2024-squads/france.txt"),
                .embedInCode("../../Resources/euro2024-squads/georgia.txt"),
                .embedInCode("../../Resources/euro2024-squads/germany.txt"),
                .embedInCode("../../Resources/euro2024-squads/hungary.txt"),
                .embedInCode("../../Resources/euro2024-squads/italy.txt"),
                .embedInCode("../../Resources/euro2024-squads/netherlands.txt"),
                .embedInCode("../../Resources/euro2024-squads/poland.txt"),
                .embedInCode("../../Resources/euro2024-squads/portugal.txt"),
                .embedInCode("../../Resources/euro2024-squads/romania.txt"),
                .embedInCode("../../Resources/euro2024-squads/scotland.txt"),
                .embedInCode("../../Resources/euro2024-squads/serbia.txt"),
                .embedInCode("../../Resources/euro2024-squads/slovakia.txt"),
                .embedInCode("../../Resources/euro2024-squads/slovenia.txt"),
                .embedInCode("../../Resources/euro2024-squads/spain.txt"),
                .embedInCode("../../Resources/euro2024-squads/switzerland.txt"),
                .embedInCode("../../Resources/euro2024-squads/turkey.txt"),
                .embedInCode("../../Resources/euro2024-squads/ukraine.txt"),
            ]
        ),
        // em: the EURO tournament planner command line; it reaches the framework only through
        // the planner, and libedit only for the shell's prompt.
        .executableTarget(
            name: "em",
            dependencies: [
                "EMPlanner",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Stress
        // em-stress: the stress suite (make stress): concurrent em writers, SIGKILLed saves, and
        // a table of malformed inputs, checked by reading the store with ObjectGraphSQLite; with
        // a PostgreSQL server too, read with ObjectGraphPostgreSQL.
        .executableTarget(
            name: "em-stress",
            dependencies: ["ObjectGraphSQLite", "ObjectGraphPostgreSQL", "SeededRandom"]
        ),
        // SeededRandom: the package's one seeded random generator (SplitMix64), for the tests
        // (through TestSupport), the stress suite and the benchmarks. It depends on nothing.
        .target(name: "SeededRandom"),

        // MARK: Tests
        // TestSupport: what the test targets share: the store kinds a test runs against,
        // temporary directories, and the real EURO 2012 and 2024 results (Fixtures/) with their
        // decoder, and the seeded generator it re-exports. It depends on no other module of the
        // package.
        .target(
            name: "TestSupport",
            dependencies: ["SeededRandom"],
            path: "Tests/TestSupport",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ObjectGraphTests",
            dependencies: ["ObjectGraph", "ObjectGraphSQLite", "ObjectGraphPostgreSQL", "ObjectGraphCodegen", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "EMPlannerTests",
            dependencies: ["EMPlanner", "ObjectGraph", "ObjectGraphCodegen", "FootballText", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FootballTextTests",
            dependencies: ["FootballText", "TestSupport"]
        ),
        // The command line tested as a process: spawns the built em.
        .testTarget(
            name: "emTests",
            // ObjectGraph only to make stores of em's earlier model versions, as an earlier em
            // wrote them, and to read which version a store is at; ObjectGraphSQLite to change
            // a store behind em's back; ObjectGraphPostgreSQL to look at a server behind it.
            dependencies: ["em", "ObjectGraph", "ObjectGraphSQLite", "ObjectGraphPostgreSQL", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
