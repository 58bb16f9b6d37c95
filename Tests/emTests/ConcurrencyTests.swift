import Foundation
import Testing

/// Several `em` processes on one store at once: WAL and the busy timeout let them take turns.
@Suite("Concurrent processes")
struct ConcurrencyTests {
    @Test("Eight processes adding players to one store at once all succeed, and every player is kept")
    func concurrentWriters() async throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let teams = ["GER", "POR", "NED", "DEN", "ESP", "ITA", "IRL", "CRO"]
        let (store, home) = (workspace.store.path, workspace.directory)
        let results = try await withThrowingTaskGroup(of: EMResult.self) { group in
            for (index, team) in teams.enumerated() {
                group.addTask {
                    try EMProcess.run(
                        [
                            "add-player", "--team", team, "--given", "Extra", "--name", "Spieler\(index)",
                            "--number", "\(40 + index)", "--position", "MF", "--store", store,
                        ],
                        home: home)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
        }
        let players = try workspace.succeed("list", "players", "--where", "number >= 40", "--format", "csv")
        #expect(players.split(whereSeparator: \.isNewline).count == teams.count + 1, "a header and one line per process")
    }
}

extension ConcurrencyTests {
    @Test("Processes adding players to the same team do not conflict over the team")
    func sameTeam() async throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let (store, home) = (workspace.store.path, workspace.directory)
        let results = try await withThrowingTaskGroup(of: EMResult.self) { group in
            for index in 0..<6 {
                group.addTask {
                    try EMProcess.run(
                        [
                            "add-player", "--team", "GER", "--given", "Extra", "--name", "Spieler\(index)",
                            "--number", "\(40 + index)", "--position", "MF", "--store", store,
                        ],
                        home: home)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
        }
        let players = try workspace.succeed("list", "players", "--team", "GER", "--where", "number >= 40", "--format", "csv")
        #expect(players.split(whereSeparator: \.isNewline).count == 7)
    }
}

extension ConcurrencyTests {
    @Test("Eight processes starting on one new store path at once all succeed and agree on one store with one tournament")
    func firstUse() async throws {
        let workspace = try Workspace()
        for round in 1...3 {
            let store = workspace.path("new\(round).sqlite")
            let home = workspace.directory
            let results = try await withThrowingTaskGroup(of: EMResult.self) { group in
                for _ in 0..<8 {
                    group.addTask { try EMProcess.run(["list", "teams", "--format", "csv", "--store", store], home: home) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results {
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.split(whereSeparator: \.isNewline).count == 17, "a header and EURO 2012's 16 teams")
            }
            let teams = try workspace.succeed("list", "teams", "--format", "csv", store: store)
            #expect(teams.split(whereSeparator: \.isNewline).count == 17, "one tournament in the store")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.path)
        #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
    }
}

extension ConcurrencyTests {
    @Test("Eight processes recording one match's result at once all land: a conflict runs the command again")
    func conflictingResults() async throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let (store, home) = (workspace.store.path, workspace.directory)
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
