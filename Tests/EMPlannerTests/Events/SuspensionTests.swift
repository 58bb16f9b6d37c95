import Foundation
import Testing

@testable import EMPlanner

/// Automatic suspensions from constructed cards, by UEFA's rule (see ``SuspensionRule``).
///
/// England plays matches 2, 4 and 5 in the group, then 7 (round of 16), 8 (quarter-final), 9
/// and 10.
@Suite("Suspensions")
struct SuspensionTests {
    /// Each suspension as `TEAM NUMBER: reason -> match id` (`-` for none yet).
    static func lines(_ tournament: Tournament) throws -> [String] {
        try tournament.reports.suspensions().map { suspension in
            let who = suspension.player?.number.map(String.init) ?? suspension.official ?? "?"
            return
                "\(suspension.team.code!) \(who): \(suspension.reasonText) -> \(suspension.match.map { String(tournament.lookup.matchID($0)) } ?? "-")"
        }
    }

    static func card(_ tournament: Tournament, _ match: Int, _ number: Int, _ kind: CardKind, team: String = "ENG") throws {
        try tournament.results.recordCard(
            match: String(match), team: team, holder: .player(number: number), kind: kind, minute: nil)
    }

    /// Records England's knockout matches 7 to 10 as won 1:0, as a card needs the match's result.
    static func playKnockouts(_ tournament: Tournament) throws {
        for match in 7...10 {
            try tournament.results.recordResult(match: String(match), home: 1, away: 0, afterExtraTime: false, penalties: nil)
        }
    }

    @Test("A red card suspends for the team's next match")
    func red() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try Self.card(tournament, 2, 5, .red)
        #expect(try Self.lines(tournament) == ["ENG 5: red card in match 2 -> 4"])
        #expect(try tournament.reports.suspensions().first?.isServed == true)
    }

    @Test("Two yellow cards in different matches suspend for the next match; one does not")
    func twoCautions() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try Self.card(tournament, 2, 5, .yellow)
        try Self.card(tournament, 2, 6, .yellow)
        try Self.card(tournament, 5, 5, .yellow)
        #expect(try Self.lines(tournament) == ["ENG 5: yellow cards in matches 2 and 5 -> 7"])
        #expect(try tournament.reports.suspensions().first?.isServed == false)
    }

    @Test("A second yellow sends off for one match, and its cautions do not count towards the next")
    func secondYellow() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try Self.card(tournament, 2, 5, .yellow)
        try Self.card(tournament, 2, 5, .secondYellow)
        try Self.card(tournament, 5, 5, .yellow)
        #expect(try Self.lines(tournament) == ["ENG 5: second yellow card in match 2 -> 4"])
    }

    @Test("A caution before a direct red card stands")
    func yellowThenRed() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try Self.card(tournament, 2, 5, .yellow)
        try Self.card(tournament, 2, 5, .red)
        try Self.card(tournament, 5, 5, .yellow)
        #expect(try Self.lines(tournament) == ["ENG 5: red card in match 2 -> 4", "ENG 5: yellow cards in matches 2 and 5 -> 7"])
    }

    @Test("The fourth caution suspends again; a second caution in the quarter-final suspends for the semi-final")
    func fourthCaution() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try Self.playKnockouts(tournament)
        try Self.card(tournament, 2, 5, .yellow)
        try Self.card(tournament, 4, 5, .yellow)
        try Self.card(tournament, 7, 5, .yellow)
        try Self.card(tournament, 8, 5, .yellow)
        try Self.card(tournament, 5, 6, .yellow)
        try Self.card(tournament, 8, 6, .yellow)
        #expect(
            try Self.lines(tournament) == [
                "ENG 5: yellow cards in matches 2 and 4 -> 5", "ENG 5: yellow cards in matches 7 and 8 -> 9",
                "ENG 6: yellow cards in matches 5 and 8 -> 9",
            ])
        #expect(
            plannerKind { try Self.card(tournament, 5, 5, .yellow) }
                == .suspended(person: "England player 5", match: 5, reason: "yellow cards in matches 2 and 4"))
    }

    @Test("Single cautions expire after the quarter-finals")
    func expiry() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try Self.playKnockouts(tournament)
        try Self.card(tournament, 2, 5, .yellow)
        try Self.card(tournament, 9, 5, .yellow)
        try Self.card(tournament, 8, 6, .yellow)
        try Self.card(tournament, 10, 6, .yellow)
        #expect(try Self.lines(tournament).isEmpty)
    }

    @Test("A sending-off in the last match has no match to miss yet; officials are suspended too")
    func noNextMatch() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try Self.playKnockouts(tournament)
        try Self.card(tournament, 10, 5, .red)
        try tournament.results.recordCard(match: "1", team: "SVN", holder: .official(name: "Matjaž Kek"), kind: .red, minute: 88)
        #expect(try Self.lines(tournament) == ["SVN Matjaž Kek: red card in match 1 -> 3", "ENG 5: red card in match 10 -> -"])
    }

    @Test("Suspensions read back from a file keep each person's cards apart")
    func reopened() throws {
        let test = try GroupCSetup.tournament(.sqlite)
        try Self.card(test.tournament, 2, 5, .yellow)
        try Self.card(test.tournament, 2, 6, .yellow)
        try Self.card(test.tournament, 4, 6, .yellow)
        try test.tournament.save()
        #expect(try Self.lines(test.reopened()) == ["ENG 6: yellow cards in matches 2 and 4 -> 5"])
    }

    @Test("Every edition known wipes cautions after the quarter-finals")
    func editions() {
        for ruleSet in RuleSet.all {
            #expect(
                SuspensionRule.of(ruleSet)
                    == SuspensionRule(cautionsPerSuspension: 2, cautionsExpireAfter: .knockout(.quarterfinal)))
        }
    }
}
