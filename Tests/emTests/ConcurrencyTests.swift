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
