import Foundation
import TestSupport
import Testing

/// `em draw`: EURO 2028 imported before its draw names slots in its schedule, standings and
/// bracket; the draw, from arguments or a file, gives each slot its team once, and a draw
/// that cannot be made changes nothing.
@Suite("Draw command")
struct DrawCommandTests {
    /// A workspace with EURO 2028 imported into `2028.sqlite`, and that store's path.
    static func imported() throws -> (Workspace, String) {
        let workspace = try Workspace()
        let store = workspace.path("2028.sqlite")
        #expect(
            try workspace.succeed(
                "import", OpenfootballFixture.url("2028--united_kingdom-ireland/euro.txt").path, store: store)
                == "imported Euro 2028: 6 groups, 24 teams, 51 matches, no results\n")
        return (workspace, store)
    }

    @Test("Before the draw the schedule, standings and bracket name slots; after it, teams")
    func slotsThenTeams() throws {
        let (workspace, store) = try Self.imported()
        #expect(
            try workspace.succeed("schedule", store: store).contains(
                "   1                 A1  -  A2          Group A        Cardiff\n"))
        #expect(try workspace.succeed("standings", "--group", "A", store: store).contains("\n1  A1    A1    0  0  0  0"))
        let bracket = try workspace.succeed("bracket", store: store)
        #expect(bracket.contains("\n 1B                 ─┐\n 3A/D/E/F            │ 45\n"), "\(bracket)")

        #expect(
            try workspace.succeed("draw", "A1=ENG", "a2=Schottland", "B1 = Wales", store: store)
                == "drew A1: team ENG England\ndrew A2: team SCO Schottland\ndrew B1: team WAL Wales\n")
        let file = workspace.path("draw.txt")
        try "# the rest of group A\nA3=GER\nA4=Spain\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            try workspace.succeed("draw", "--from", file, store: store)
                == "drew A3: team GER Deutschland\ndrew A4: team ESP Spanien\n")
        let schedule = try workspace.succeed("schedule", store: store)
        #expect(schedule.contains(" England  -  Schottland "), "\(schedule)")
        #expect(!schedule.contains("A1"))
        let table = try workspace.succeed("standings", "--group", "A", "--format", "csv", store: store)
        #expect(
            Set(table.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[2] }) == ["ENG", "SCO", "GER", "ESP"])
    }

    @Test(
        "A draw that cannot be made: exit 65, one line, and the store as it was",
        arguments: [
            (["A1=GER"], "slot A1 is drawn already: England (ENG)"),
            (["A2=England"], "a team named or coded \"ENG\" already exists"),
            (["A2=GER", "Z9=ESP"], "no team awaits draw slot \"Z9\": open slots are A2, A3"),
            (["A2=Germny"], "unknown team \"Germny\": did you mean Germany?"),
            (["A2"], "invalid draw \"A2\": expected SLOT=TEAM, such as A1=ENG"),
        ])
    func refused(arguments: [String], message: String) throws {
        let (workspace, store) = try Self.imported()
        try workspace.succeed("draw", "A1=ENG", store: store)
        let before = try workspace.snapshot(store: store)
        let result = try workspace.emWithoutStore(["draw"] + arguments + ["--store", store])
        expectFailure(result, status: 65, message: message)
        #expect(try workspace.snapshot(store: store) == before)
    }

    @Test("A dry run says what the draw would change and saves nothing; no assignment is a usage error")
    func dryRunAndUsage() throws {
        let (workspace, store) = try Self.imported()
        let before = try workspace.snapshot(store: store)
        let output = try workspace.succeed("draw", "C1=IRL", "--dry-run", store: store)
        #expect(output.hasPrefix("dry run, nothing saved: 1 change would be made\nwould update team IRL Irland: code C1 → IRL"))
        #expect(try workspace.snapshot(store: store) == before)
        try workspace.fail("draw", status: 64, message: "Give at least one SLOT=TEAM, or --from FILE", store: store)
        try workspace.fail("draw", "--from", workspace.path("missing.txt"), status: 66, message: "missing.txt", store: store)
    }
}
