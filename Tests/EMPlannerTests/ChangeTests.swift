import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Changes as users see them: each field before and after, counted as a user counts them, and
/// no undo step for an edit that changes nothing.
@Suite("Changes")
struct ChangeTests {
    /// `tournament` with undo, after `edit` as one edit, and what that edit changed.
    @discardableResult
    private func edit(_ tournament: Tournament, _ edit: () throws -> Void) rethrows -> [TournamentChange] {
        tournament.beginEdit()
        try edit()
        return tournament.endEdit()
    }

    private func field(_ name: String, _ old: FieldValue?, _ new: FieldValue?) -> TournamentChange.Field {
        TournamentChange.Field(name: name, old: old, new: new)
    }

    @Test("An edit reports each changed field before and after, a match's score as its result", arguments: StoreKind.allCases)
    func valuesOfAnEdit(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        try tournament.squads.removePlayer(team: "GER", number: 23)  // room in the full squad
        try tournament.save()
        tournament.enableUndo()
        let recorded = try edit(tournament) {
            try tournament.results.recordResult(match: "POL-GRE", home: 1, away: 1, afterExtraTime: false, penalties: nil)
        }
        #expect(recorded.map(\.label) == ["match 1 POL-GRE"])
        #expect(recorded.first?.fields == [field("result", nil, .text("1:1"))])
        let corrected = try edit(tournament) {
            try tournament.results.recordResult(match: "1", home: 2, away: 1, afterExtraTime: false, penalties: nil)
        }
        #expect(corrected.map(\.kind) == [.updated])
        #expect(corrected.first?.fields == [field("result", .text("1:1"), .text("2:1"))])
        #expect(corrected.first.map { $0.identity.map(\.name) } == ["match"])
        #expect(corrected.first?.identity.first?.value == .number(1))

        let updated = try edit(tournament) {
            try tournament.squads.updatePlayer(
                team: "GER", number: 19, changes: PlayerChanges(number: 23, club: .some(nil)))
        }
        #expect(updated.map(\.label) == ["player GER 23 Mario Götze"])
        #expect(
            updated.first?.fields == [field("club", .text("Borussia Dortmund"), nil), field("number", .number(19), .number(23))])
    }

    @Test("One added player is one change, with his values; the team's list of players is no change of its own")
    func addedPlayer() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        try tournament.squads.removePlayer(team: "GER", number: 23)  // room in the full squad
        try tournament.save()
        tournament.enableUndo()
        let added = try edit(tournament) {
            try tournament.squads.addPlayer(
                team: "GER", givenname: "Mario", name: "Gomez", number: 23, position: "FW", club: nil, born: nil)
        }
        #expect(added.map(\.kind) == [.inserted])
        #expect(added.first?.label == "player GER 23 Mario Gomez")
        #expect(added.first?.fields.contains(field("number", nil, .number(23))) == true)
        #expect(added.first?.fields.contains(field("team", nil, .text("GER"))) == true)
        #expect(tournament.unsavedChangeCount == 1)
        #expect(tournament.unsavedChanges.map(\.label) == ["player GER 23 Mario Gomez"])
    }

    @Test("An edit that changes nothing is no undo step: undo takes back the edit before it")
    func noOpEdit() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        try tournament.squads.removePlayer(team: "GER", number: 23)  // room in the full squad
        try tournament.save()
        tournament.enableUndo()
        try edit(tournament) { try tournament.squads.setCoach(team: "GER", givenname: "Hansi", name: "Flick") }
        let nothing = try edit(tournament) {
            try tournament.squads.updatePlayer(team: "GER", number: 19, changes: PlayerChanges(number: 19))
        }
        #expect(nothing.isEmpty)
        #expect(try edit(tournament) { try tournament.squads.setCoach(team: "GER", givenname: "Hansi", name: "Flick") }.isEmpty)
        let undone = try #require(tournament.undo())
        #expect(undone.map(\.label).contains("coach GER Hansi Flick"))
        #expect(tournament.undo() == nil)
    }

    @Test("Undo and redo report each field before and after; an insert undone is named as it was")
    func undoRedo() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        try tournament.squads.removePlayer(team: "GER", number: 23)  // room in the full squad
        try tournament.save()
        tournament.enableUndo()
        try edit(tournament) {
            try tournament.squads.addPlayer(
                team: "GER", givenname: "Mario", name: "Gomez", number: 23, position: "FW", club: nil, born: nil)
        }
        try edit(tournament) {
            try tournament.squads.updatePlayer(team: "GER", number: 23, changes: PlayerChanges(club: "Bayern"))
        }
        let undone = try #require(tournament.undo())
        #expect(undone.map(\.kind) == [.updated])
        #expect(undone.first?.fields == [field("club", .text("Bayern"), nil)])
        let redone = try #require(tournament.redo())
        #expect(redone.first?.fields == [field("club", nil, .text("Bayern"))])
        _ = tournament.undo()
        let removed = try #require(tournament.undo())
        #expect(removed.map(\.kind) == [.deleted])
        #expect(removed.first?.label == "player GER 23 Mario Gomez")
        #expect(removed.first.map { $0.identity.map(\.name) } == ["team", "number"])
        #expect(tournament.unsavedChangeCount == 0)
    }
}
