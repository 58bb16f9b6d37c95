import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Saving: typed outcomes, and edits that can be taken back before.
@Suite("Saving and undo")
struct SavingTests {
    @Test("A save over another program's save of the same player is a conflict, and the store keeps the other's")
    func conflict() throws {
        let test = try TestTournament.seeded(.sqlite)
        let mine = test.tournament
        let theirs = try test.reopened()
        _ = try mine.squads.player(team: "GER", number: 13)
        try theirs.squads.updatePlayer(team: "GER", number: 13, changes: PlayerChanges(club: .some("Theirs")))
        try theirs.save()
        try mine.squads.updatePlayer(team: "GER", number: 13, changes: PlayerChanges(club: .some("Mine")))
        let error = try #require(throws: PlannerError.self) { try mine.save() }
        guard case .conflict(let message) = error.kind else {
            Issue.record("expected a conflict, got \(error)")
            return
        }
        #expect(
            message.hasPrefix("player GER 13 ")
                && message.hasSuffix(" was changed or deleted by another program since it was read"))
        #expect(error.description.hasSuffix("; run the command again (in the shell: refresh, then save)"))
        #expect(try test.reopened().squads.player(team: "GER", number: 13).club == "Theirs")
    }

    @Test("After a conflict, refreshing reloads the object it was over and keeps the other unsaved changes")
    func refreshAfterConflict() throws {
        let test = try TestTournament.seeded(.sqlite)
        let mine = test.tournament
        let theirs = try test.reopened()
        #expect(mine.refreshConflictingObject() == nil)
        try mine.squads.updatePlayer(team: "GER", number: 13, changes: PlayerChanges(club: .some("Mine")))
        try mine.squads.setCoach(team: "ESP", givenname: "Luis", name: "de la Fuente")
        try theirs.squads.updatePlayer(team: "GER", number: 13, changes: PlayerChanges(club: .some("Theirs")))
        try theirs.save()
        #expect(throws: PlannerError.self) { try mine.save() }
        let label = try #require(mine.refreshConflictingObject())
        #expect(label.hasPrefix("player GER 13 "))
        #expect(mine.refreshConflictingObject() == nil, "refreshed once")
        try mine.save()
        let reader = try test.reopened()
        #expect(try reader.squads.player(team: "GER", number: 13).club == "Theirs")
        #expect(try reader.lookup.team("ESP").coach?.name == "de la Fuente")
    }

    @Test("A save giving a key another program saved meanwhile is refused, naming both objects by their labels")
    func keyTaken() throws {
        let test = try TestTournament.seeded(.sqlite)
        let mine = test.tournament
        let theirs = try test.reopened()
        // Each checks its own context: neither sees the other's team before saving.
        try theirs.structure.addTeam(name: "Schweiz", englishName: "Switzerland", code: "SUI", group: nil)
        try mine.structure.addTeam(name: "Helvetia", englishName: nil, code: "SUI", group: nil)
        try theirs.save()
        let error = try #require(throws: PlannerError.self) { try mine.save() }
        #expect(error.kind == .keyTaken("team SUI Helvetia would have the same code as team SUI Schweiz"))
        #expect(error.description == "not saved: team SUI Helvetia would have the same code as team SUI Schweiz")
        #expect(mine.hasChanges)
        #expect(try test.reopened().lookup.team("SUI").name == "Schweiz")
    }

    @Test("Edits are undone and redone one at a time, and report what changed", arguments: StoreKind.allCases)
    func undoRedo(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        tournament.enableUndo()
        tournament.beginEdit()
        try tournament.squads.setCoach(team: "GER", givenname: "Hansi", name: "Flick")
        #expect(!tournament.endEdit().isEmpty)
        tournament.beginEdit()
        try tournament.structure.addTeam(name: "Schweiz", englishName: nil, code: "SUI", group: nil)
        #expect(!tournament.endEdit().isEmpty)
        #expect(tournament.unsavedChangeCount == 3, "the new coach, the old one, the new team")
        #expect(tournament.unsavedChanges.map(\.label).contains("team SUI Schweiz"))

        let undone = try #require(tournament.undo())
        #expect(undone.map(\.label) == ["team SUI Schweiz"] && undone.map(\.kind) == [.deleted])
        #expect(tournament.unsavedChangeCount == 2)
        let redone = try #require(tournament.redo())
        #expect(redone.map(\.label) == ["team SUI Schweiz"] && redone.map(\.kind) == [.inserted])
        #expect(tournament.redo() == nil)

        tournament.beginEdit()
        try tournament.squads.setCoach(team: "ESP", givenname: nil, name: "Aragonés")
        #expect(!tournament.endEdit().isEmpty)
        tournament.discardLastEdit()
        #expect(tournament.redo() == nil, "a discarded edit cannot be redone")
        #expect(try tournament.lookup.team("ESP").coach?.name == "del Bosque")
    }
}
