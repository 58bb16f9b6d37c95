import FootballText
import Testing

/// Every fixture parses without lenient mode and survives writing and reading again unchanged.
struct FootballTextRoundTripTests {
    @Test func findsAllFixtures() {
        #expect(OpenfootballFixtures.editions.count == 18)
        #expect(OpenfootballFixtures.squadFiles.count == 24)
    }

    @Test(arguments: OpenfootballFixtures.editions)
    func matchFileParsesAndRoundTrips(edition: String) throws {
        let text = try OpenfootballFixtures.text("\(edition)/euro.txt")
        let (document, warnings) = try FootballTextParser().parse(text, fileName: "\(edition)/euro.txt")
        #expect(warnings.isEmpty)
        #expect(!document.matches.isEmpty)
        let written = FootballTextWriter().write(document)
        let again = try FootballTextParser().parse(written, fileName: "written.txt").document
        #expect(again == document)
    }

    @Test(arguments: OpenfootballFixtures.squadFiles)
    func squadFileParsesAndRoundTrips(file: String) throws {
        let text = try OpenfootballFixtures.text("2024--germany/squads/\(file)")
        let (squad, warnings) = try FootballTextSquadParser().parse(text, fileName: file)
        #expect(warnings.isEmpty)
        #expect(squad.players.count >= 23)
        #expect(squad.tournament == "Euro 2024")
        let again = try FootballTextSquadParser().parse(FootballTextSquadWriter().write(squad), fileName: file).squad
        #expect(again == squad)
    }
}
