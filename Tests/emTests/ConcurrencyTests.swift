import Foundation
import TestSupport
import Testing

/// Several `em` processes on one store at once, a file or a server: on a file, WAL and the busy
/// timeout let them take turns; on a server, row locks and optimistic locking.
@Suite("Concurrent processes")
struct ConcurrencyTests {
    @Test(
        "Eight processes adding players to one store at once all succeed, and every player is kept",
        arguments: [StoreKind.sqlite, .postgreSQL])
    func concurrentWriters(kind: StoreKind) async throws {
        let workspace = try Workspace(kind)
        try workspace.seeded()
        let teams = ["GER", "POR", "NED", "DEN", "ESP", "ITA", "IRL", "CRO"]
        // Squads are full (23 players): each team's number 23 makes room.
        for team in teams { try workspace.succeed("remove-player", "--team", team, "--number", "23") }
        let (store, home) = (workspace.storeArgument, workspace.directory)
        let results = try await withThrowingTaskGroup(of: EMResult.self) { group in
            for (index, team) in teams.enumerated() {
                group.addTask {
                    try EMProcess.run(
                        [
                            "add-player", "--team", team, "--given", "Extra", "--name", "Spieler\(index)",
                            "--number", "23", "--position", "MF", "--store", store,
                        ],
                        home: home)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
        }
        let players = try workspace.succeed("list", "players", "--where", "givenname == \"Extra\"", "--format", "csv")
        #expect(players.split(whereSeparator: \.isNewline).count == teams.count + 1, "a header and one line per process")
    }
}

extension ConcurrencyTests {
    @Test("Processes adding players to the same team do not conflict over the team", arguments: [StoreKind.sqlite, .postgreSQL])
    func sameTeam(kind: StoreKind) async throws {
        let workspace = try Workspace(kind)
        try workspace.seeded()
        // The squad is full (23 players): numbers 18 to 23 make room.
        for number in 18...23 { try workspace.succeed("remove-player", "--team", "GER", "--number", "\(number)") }
        let (store, home) = (workspace.storeArgument, workspace.directory)
        let results = try await withThrowingTaskGroup(of: EMResult.self) { group in
            for index in 0..<6 {
                group.addTask {
                    try EMProcess.run(
                        [
                            "add-player", "--team", "GER", "--given", "Extra", "--name", "Spieler\(index)",
                            "--number", "\(18 + index)", "--position", "MF", "--store", store,
                        ],
                        home: home)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
        }
        let players = try workspace.succeed(
            "list", "players", "--team", "GER", "--where", "givenname == \"Extra\"", "--format", "csv")
        #expect(players.split(whereSeparator: \.isNewline).count == 7)
    }
}

extension ConcurrencyTests {
    @Test("Eight processes starting on a new default store at once all succeed and agree on one store with one tournament")
    func firstUse() async throws {
        let workspace = try Workspace()
        for round in 1...3 {
            let dataHome = workspace.path("data\(round)")
            let home = workspace.directory
            let results = try await withThrowingTaskGroup(of: EMResult.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try EMProcess.run(
                            ["list", "teams", "--format", "csv"], home: home, environment: ["XDG_DATA_HOME": dataHome])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results {
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.split(whereSeparator: \.isNewline).count == 17, "a header and EURO 2012's 16 teams")
            }
            // The one process that made the store says so; the others found it made.
            let store = dataHome + "/em/em.sqlite"
            #expect(results.map(\.stderr).filter { !$0.isEmpty } == ["em: seeded UEFA EURO 2012 into \(store)\n"])
            let teams = try workspace.succeed("list", "teams", "--format", "csv", store: store)
            #expect(teams.split(whereSeparator: \.isNewline).count == 17, "one tournament in the store")
            let left = try FileManager.default.contentsOfDirectory(atPath: dataHome + "/em")
            #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
        }
    }
}

extension ConcurrencyTests {
    @Test(
        "Eight processes recording one match's result at once all land: a conflict runs the command again",
        arguments: [StoreKind.sqlite, .postgreSQL])
    func conflictingResults(kind: StoreKind) async throws {
        let workspace = try Workspace(kind)
        try workspace.seeded()
        let (store, home) = (workspace.storeArgument, workspace.directory)
        let results = try await withThrowingTaskGroup(of: EMResult.self) { group in
            for goals in 0..<8 {
                group.addTask { try EMProcess.run(["result", "1", "\(goals):0", "--store", store], home: home) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
        }
        let match = try workspace.succeed("list", "matches", "--where", "homeGoals != nil", "--format", "csv")
        #expect(match.split(whereSeparator: \.isNewline).count == 2, "one match played: \(match)")
    }
}

extension ConcurrencyTests {
    /// Runs `arguments(index)` in `count` processes at once on the workspace's store.
    static func runAtOnce(_ count: Int, in workspace: Workspace, _ arguments: @escaping @Sendable (Int) -> [String])
        async throws -> [EMResult]
    {
        let (store, home) = (workspace.storeArgument, workspace.directory)
        return try await withThrowingTaskGroup(of: EMResult.self) { group in
            for index in 0..<count {
                group.addTask { try EMProcess.run(arguments(index) + ["--store", store], home: home) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test(
        "Eight processes adding a team with one code at once: one lands, the others say the code is taken",
        arguments: [StoreKind.sqlite, .postgreSQL])
    func collidingTeamCodes(kind: StoreKind) async throws {
        let workspace = try Workspace(kind)
        try workspace.seeded()
        for round in 0..<3 {
            let code = "Z\(["A", "B", "C"][round])Z"
            let results = try await Self.runAtOnce(8, in: workspace) { index in
                ["add-team", "--code", code, "--name", "Zedland \(round) \(index)"]
            }
            #expect(results.count { $0.status == 0 } == 1, "\(results.map(\.stderr))")
            for result in results where result.status != 0 {
                #expect(result.status == 65 && result.stdout.isEmpty)
                #expect(
                    result.stderr.contains(code) && result.stderr.split(whereSeparator: \.isNewline).count == 1,
                    "\(result.stderr)")
            }
            let teams = try workspace.succeed("list", "teams", "--where", "code == '\(code)'", "--format", "csv")
            #expect(teams.split(whereSeparator: \.isNewline).count == 2, "a header and one team")
        }
    }

    @Test(
        "Eight processes giving one shirt number of a team at once: one lands, the others say it is taken",
        arguments: [StoreKind.sqlite, .postgreSQL])
    func collidingShirtNumbers(kind: StoreKind) async throws {
        let workspace = try Workspace(kind)
        try workspace.seeded()
        // The squad is full (23 players): numbers 21 to 23 make room.
        for number in 21...23 { try workspace.succeed("remove-player", "--team", "GER", "--number", "\(number)") }
        for number in 21...23 {
            let results = try await Self.runAtOnce(8, in: workspace) { index in
                [
                    "add-player", "--team", "GER", "--given", "Extra", "--name", "Spieler\(number)-\(index)", "--number",
                    "\(number)",
                    "--position", "MF",
                ]
            }
            #expect(results.count { $0.status == 0 } == 1, "\(results.map(\.stderr))")
            for result in results where result.status != 0 {
                #expect(result.status == 65 && result.stderr.contains("\(number)"), "\(result.stderr)")
            }
            let players = try workspace.succeed(
                "list", "players", "--team", "GER", "--where", "number == \(number)", "--format", "csv")
            #expect(players.split(whereSeparator: \.isNewline).count == 2, "a header and one player")
        }
    }
}

extension ConcurrencyTests {
    @Test(
        "Eight processes running init --force on one store at once all succeed, and the store holds one tournament",
        arguments: [StoreKind.sqlite, .postgreSQL])
    func concurrentForcedInits(kind: StoreKind) throws {
        let workspace = try Workspace(kind)
        try workspace.seeded()
        for _ in 1...3 {
            // Started all before any is waited for: a task group would run as many as there are cores.
            let processes = try (0..<8).map { index in
                let process = Process()
                process.executableURL = EMProcess.binary
                process.arguments = [
                    "init", "--force", "--tournament", index % 2 == 0 ? "2012" : "2024", "--store", workspace.storeArgument,
                ]
                process.standardOutput = FileHandle.nullDevice
                let errors = Pipe()
                process.standardError = errors
                try process.run()
                return (process, errors)
            }
            for (process, errors) in processes {
                process.waitUntilExit()
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                #expect(process.terminationStatus == 0 && message.isEmpty, "\(message)")
            }
            // EURO 2012 (16 teams, 31 matches) or EURO 2024 (24 teams, 51 matches), not a mixture.
            let teams = try workspace.succeed("list", "teams", "--format", "csv").split(whereSeparator: \.isNewline).count - 1
            let matches = try workspace.succeed("list", "matches", "--format", "csv").split(whereSeparator: \.isNewline).count - 1
            #expect([16, 24].contains(teams) && matches == (teams == 16 ? 31 : 51), "\(teams) teams, \(matches) matches")
        }
    }
}
