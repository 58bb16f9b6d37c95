import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Every save is recorded in the store's history, signed; a tournament lists it, and follows
/// other programs' saves through it.
@Suite("The store's history", .serialized)
struct ChangeLogTests {
    /// Runs `body` with the process's signature set to `signature`, then puts it back.
    private func signed<T>(_ signature: ChangeSignature, _ body: () throws -> T) rethrows -> T {
        let before = Tournament.signature
        Tournament.signature = signature
        defer { Tournament.signature = before }
        return try body()
    }

    private func points(_ tournament: Tournament, group: String) throws -> [String: Int] {
        let rows = try #require(try tournament.reports.standings(group: group).first).rows
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.team, $0.record.points) })
    }

    @Test("Each save is logged, the newest first, with who saved, with what, and what it changed", arguments: StoreKind.allCases)
    func logsSaves(kind: StoreKind) throws {
        let test = try signed(ChangeSignature(author: "ana@laptop", action: "em init")) {
            try TestTournament.seeded(kind)
        }
        let tournament = test.tournament
        let editor = try test.reopened()
        try editor.results.recordResult(match: "1", home: 2, away: 0, afterExtraTime: false, penalties: nil)
        try signed(ChangeSignature(author: "ben@desk", action: "em result 1 2:0")) { try editor.save() }
        let log = try tournament.history.log()
        let newest = try #require(log.first)
        #expect(newest.author == "ben@desk")
        #expect(newest.action == "em result 1 2:0")
        #expect(newest.entities.map(\.entity) == ["Match"])
        #expect(newest.entities.first?.updated == 1)
        #expect(newest.entities.first?.properties == ["awayGoals", "homeGoals"])
        #expect(log.dropFirst().allSatisfy { $0.author == "ana@laptop" && $0.action == "em init" })
        #expect(log.map(\.number) == log.map(\.number).sorted(by: >))
        let seeded = log.dropFirst().flatMap(\.entities).filter { $0.entity == "Team" }.map(\.inserted).reduce(0, +)
        #expect(seeded == 16)
        #expect(try tournament.history.log(limit: 1) == [newest])
        #expect(try tournament.history.log(limit: 1000) == log)
    }

    @Test("A tournament follows another program's saves through the history", arguments: StoreKind.sqlStores)
    func followsOtherSaves(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let watcher = test.tournament
        #expect(try points(watcher, group: "A")["POL"] == 0)
        var mark = try watcher.history.mark()
        #expect(try watcher.history.refresh(after: &mark).isEmpty)
        let editor = try test.reopened()
        try editor.results.recordResult(match: "1", home: 2, away: 0, afterExtraTime: false, penalties: nil)
        try signed(ChangeSignature(author: "ben@desk", action: "em result 1 2:0")) { try editor.save() }
        // Until it reads the history, the watcher holds the match as it read it.
        #expect(try points(watcher, group: "A")["POL"] == 0)
        let changes = try watcher.history.refresh(after: &mark)
        #expect(changes.map(\.action) == ["em result 1 2:0"])
        #expect(try points(watcher, group: "A")["POL"] == 3)
        #expect(try watcher.history.refresh(after: &mark).isEmpty)
        try editor.results.recordResult(match: "1", home: 0, away: 0, afterExtraTime: false, penalties: nil)
        try editor.save()
        #expect(try watcher.history.refresh(after: &mark).count == 1)
        #expect(try points(watcher, group: "A")["POL"] == 1)
    }

    @Test("The default signature is the process's user and host")
    func defaultSignature() {
        let user = ChangeSignature.currentUser
        #expect(ChangeSignature().author == user)
        #expect(ChangeSignature().action == nil)
        let parts = user.split(separator: "@")
        #expect(parts.count == 2 && parts.allSatisfy { !$0.isEmpty })
    }
}
