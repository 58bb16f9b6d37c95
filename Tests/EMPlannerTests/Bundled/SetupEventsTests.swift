import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Goals, cards, rankings and official orders in a setup: seeded by the planner's rules,
/// exported and read back without loss, refused with the key path of the culprit.
@Suite("Setup: events, rankings, official orders")
struct SetupEventsTests {
    /// EURO 2024 with its results, and only the opening match's real goals and sending-off:
    /// Germany 5–1 Scotland (Wirtz, Musiala, Havertz from the spot, Füllkrug, Can; Rüdiger into
    /// his own net), Porteous sent off.
    static func openingMatch() throws -> SetupData {
        var setup = try BundledTournament.euro2024.setup(withResults: true)
        for index in setup.matches.indices {
            setup.matches[index].goals = []
            setup.matches[index].cards = []
            setup.matches[index].appearances = []
            setup.matches[index].penaltyKicks = []
        }
        setup.matches[0].goals = [
            .init(team: "Deutschland", player: 17, minute: 10), .init(team: "Deutschland", player: 10, minute: 19),
            .init(team: "Deutschland", player: 7, minute: 45, penalty: true), .init(team: "Deutschland", player: 9, minute: 68),
            .init(team: "Deutschland", player: 2, minute: 87, ownGoal: true), .init(team: "Deutschland", player: 25, minute: 90),
        ]
        setup.matches[0].cards = [.init(team: "Schottland", holder: .player(number: 15), kind: .red, minute: 44)]
        setup.groups[0].teams[0].ranking = 10
        return setup
    }

    @Test(
        "Goals and cards are seeded, count for the tables, and export, plist and store copy keep them",
        arguments: StoreKind.allCases)
    func roundTrip(kind: StoreKind) throws {
        let setup = try Self.openingMatch()
        let test = try TestTournament.seeded(kind, from: setup)
        let reader = try test.reopened()
        let opening = try reader.lookup.match("1")
        #expect(opening.goals.count == 6)
        #expect(opening.goals.count { $0.team?.code == "SCO" } == 1, "the own goal counts for Scotland")
        #expect(try reader.reports.scorers().first?.goals == 1)
        let suspension = try #require(try reader.reports.suspensions().first)
        #expect(suspension.player?.name == "Porteous" && suspension.match.map(reader.lookup.matchID) == 13)
        #expect(try reader.lookup.team("GER").ranking == 10)

        let exported = try reader.interchange.exportSetup()
        #expect(exported == setup)
        let read = try SetupData(plist: exported.plistData(), source: "copy.plist")
        #expect(read == setup)
        let url = test.directory.file("copy.sqlite")
        try reader.interchange.writeStore(to: url)
        #expect(try Tournament(store: .file(url)).interchange.exportSetup() == setup)
    }

    @Test("A group's official order and a team's ranking go through the plist")
    func orderAndRankingInPlist() throws {
        let setup = try Self.openingMatch()
        let text = String(decoding: try setup.plistData(), as: UTF8.self)
        #expect(text.contains("<key>officialOrder</key>\n\t\t\t<array>\n\t\t\t\t<string>ENG</string>"))
        #expect(text.contains("<key>ranking</key>\n\t\t\t\t\t<integer>10</integer>"))
        #expect(text.contains("<key>penalty</key>\n\t\t\t\t\t<true/>"))
        #expect(try SetupData(plist: Data(text.utf8), source: "x") == setup)
    }

    /// A broken setup: what to change, where the error points, and what it says.
    struct Breakage: CustomTestStringConvertible, Sendable {
        var name: String
        var change: @Sendable (inout SetupData) -> Void
        var keyPath: String
        var message: String
        var testDescription: String { name }
    }

    static let breakages: [Breakage] = [
        Breakage(
            name: "a goal in an unplayed match",
            change: {
                $0.matches[40] = $0.matches[40].unplayed
                $0.matches[40].goals = [.init(team: "Portugal", player: 7, minute: 5)]
            },
            keyPath: "matches[40].goals[0]", message: "match 41 has no result: record the score before its goals and cards"),
        Breakage(
            name: "a card in an unplayed match",
            change: {
                $0.matches[40] = $0.matches[40].unplayed
                $0.matches[40].cards = [.init(team: "Portugal", holder: .player(number: 7), kind: .yellow, minute: 5)]
            },
            keyPath: "matches[40].cards[0]", message: "match 41 has no result: record the score before its goals and cards"),
        Breakage(
            name: "more goals than the score",
            change: { $0.matches[0].goals.append(.init(team: "Deutschland", player: 13, minute: 80)) },
            keyPath: "matches[0].goals[6]", message: "team \"Deutschland\" scored 5 in match 1, and 5 goals are recorded already"),
        Breakage(
            name: "a scorer not in the squad", change: { $0.matches[0].goals[0].player = 99 },
            keyPath: "matches[0].goals[0]", message: "team \"Deutschland\" has no player with shirt number 99"),
        Breakage(
            name: "a card for a team not in the match",
            change: { $0.matches[0].cards.append(.init(team: "Italien", holder: .player(number: 1), kind: .yellow, minute: 3)) },
            keyPath: "matches[0].cards[1]", message: "team \"Italien\" does not play match 1"),
        Breakage(
            name: "a second yellow without a yellow",
            change: {
                $0.matches[0].cards.append(
                    .init(team: "Deutschland", holder: .player(number: 8), kind: .secondYellow, minute: 70))
            },
            keyPath: "matches[0].cards[1]",
            message: "invalid card: a second yellow card for Deutschland player 8 needs a first yellow card in match 1"),
        Breakage(
            name: "a suspended player booked",
            change: {
                $0.matches[12].cards.append(.init(team: "Schottland", holder: .player(number: 15), kind: .yellow, minute: nil))
            },
            keyPath: "matches[12].cards[0]", message: "Schottland player 15 is suspended for match 13 (red card in match 1)"),
        Breakage(
            name: "an official order naming a team of another group", change: { $0.groups[2].officialOrder = ["ENG", "GER"] },
            keyPath: "groups[2].officialOrder[1]", message: "\"GER\" is not the code of a team in group \"C\""),
        Breakage(
            name: "an official order naming a team twice", change: { $0.groups[2].officialOrder = ["ENG", "ENG"] },
            keyPath: "groups[2].officialOrder[1]", message: "team \"ENG\" is listed twice"),
        Breakage(
            name: "a second final", change: { $0.matches[49].round = "final" },
            keyPath: "matches[50].round", message: "a second final; matches[49] is the final"),
        Breakage(
            name: "a knockout team the results contradict", change: { $0.matches[36].home = "Schottland" },
            keyPath: "matches[36].home", message: "\"Schottland\" contradicts slot 1A, which the results give to \"Deutschland\""),
    ]

    @Test(
        "A setup whose events, orders or knockout teams break the rules is refused with the key path; nothing is seeded",
        arguments: breakages)
    func refused(breakage: Breakage) throws {
        var setup = try Self.openingMatch()
        breakage.change(&setup)
        let test = try TestTournament(.sqlite)
        let error = try #require(throws: SetupError.self) { try test.tournament.interchange.seedIfNeeded(from: setup) }
        #expect(error.keyPath == breakage.keyPath)
        #expect(error.message == breakage.message)
        #expect(try !test.reopened().isInitialised)
        #expect(!test.tournament.hasChanges)
    }

    @Test(
        "A broken event in a plist is refused where it is",
        arguments: [
            (
                "<key>kind</key>\n\t\t\t\t\t<string>red</string>", "<key>kind</key>\n\t\t\t\t\t<string>orange</string>",
                "matches[0].cards[0].kind", "expected one of yellow, secondYellow, red, found \"orange\""
            ),
            (
                "<key>minute</key>\n\t\t\t\t\t<integer>10</integer>", "<key>minute</key>\n\t\t\t\t\t<integer>131</integer>",
                "matches[0].goals[0].minute", "expected an integer from 1 to 130, found the integer 131"
            ),
            (
                "<key>player</key>\n\t\t\t\t\t<integer>15</integer>",
                "<key>player</key><integer>15</integer><key>official</key><string>Steve Clarke</string>",
                "matches[0].cards[0].official", "a card is shown to a player or to an official, not both"
            ),
            (
                "<key>ranking</key>\n\t\t\t\t\t<integer>10</integer>", "<key>ranking</key>\n\t\t\t\t\t<string>10</string>",
                "groups[0].teams[0].ranking", "expected an integer from 1 to 999, found \"10\""
            ),
        ])
    func brokenPlist(find: String, replacement: String, keyPath: String, message: String) throws {
        let text = String(decoding: try Self.openingMatch().plistData(), as: UTF8.self)
        #expect(text.contains(find))
        let broken = text.replacingOccurrences(of: find, with: replacement)
        let error = try #require(throws: SetupError.self) { try SetupData(plist: Data(broken.utf8), source: "broken.plist") }
        #expect(error.keyPath == keyPath)
        #expect(error.message == message)
    }
}
