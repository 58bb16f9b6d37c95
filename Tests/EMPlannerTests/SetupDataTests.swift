import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Reading, validating and writing setup property lists.
@Suite("Setup data")
struct SetupDataTests {
    /// The small setup as plist text, to break in one place.
    static let validText = String(decoding: try! smallSetup().plistData(), as: UTF8.self)

    @Test("The bundled setup reads and validates")
    func bundledSetupReads() throws {
        let setup = try SetupData.bundled
        #expect(setup.tournament == "UEFA EURO 2012")
        #expect(setup.groups.map(\.name) == ["A", "B", "C", "D"])
        #expect(setup.allTeams.count == 16)
        #expect(setup.allTeams.map(\.players.count).reduce(0, +) == 368)
        #expect(setup.matches.count == 31)
        #expect(setup.matches.allSatisfy { $0.homeGoals == nil })
    }

    @Test("A setup written as a plist reads back equal, results included")
    func plistRoundTrip() throws {
        var setup = smallSetup()
        setup.matches[0].homeGoals = 2
        setup.matches[0].awayGoals = 1
        setup.matches[2].homeGoals = 1
        setup.matches[2].awayGoals = 1
        setup.matches[2].afterExtraTime = true
        setup.matches[2].homePenalties = 4
        setup.matches[2].awayPenalties = 2
        setup.ungroupedTeams = [.init(name: "Atlantis", englishName: nil, code: "ATL", coach: nil, players: [])]
        let read = try SetupData(plist: setup.plistData(), source: "round.plist")
        #expect(read == setup)
        #expect(try read.plistData() == setup.plistData())
    }

    @Test("A kick-off when its zone kept local mean time (an offset in seconds) reads back the same instant")
    func localMeanTimeRoundTrip() throws {
        // Kyiv was 2:02:04 ahead of UTC until 1880, which ±hh:mm cannot write (found by fuzzing).
        var setup = smallSetup()
        setup.matches[1].kickoff = try #require(KickoffFormat.parse("1879-06-08T20:45:00+02:00")?.0)
        // Players born a century after the first kick-off would be implausible.
        for g in setup.groups.indices {
            for t in setup.groups[g].teams.indices {
                for p in setup.groups[g].teams[t].players.indices { setup.groups[g].teams[t].players[p].born = nil }
            }
        }
        let text = String(decoding: try setup.plistData(), as: UTF8.self)
        #expect(text.contains("<string>1879-06-08T18:45:00+00:00</string>"), "written in UTC")
        #expect(try SetupData(plist: setup.plistData(), source: "round.plist") == setup)
    }

    @Test("The bundled setup written again reads back equal")
    func bundledRoundTrip() throws {
        let setup = try SetupData.bundled
        #expect(try SetupData(plist: setup.plistData(), source: "copy") == setup)
    }

    @Test("Writing keeps the bundled key order")
    func writerKeyOrder() throws {
        let text = Self.validText
        let order = [
            "<key>home</key>", "<key>away</key>", "<key>kickoff</key>", "<key>timeZone</key>", "<key>venue</key>",
            "<key>city</key>", "<key>round</key>", "<key>group</key>",
        ]
        let positions = order.map { text.range(of: $0)!.lowerBound }
        #expect(positions == positions.sorted())
        #expect(text.contains("<string>2012-06-08T21:45:00+03:00</string>"), "Kyiv kick-offs are written in Kyiv's offset")
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist"))
    }

    @Test("A missing kick-off time zone falls back to the kick-off's offset")
    func timeZoneFallsBackToOffset() throws {
        let text = Self.validText.replacingOccurrences(
            of: "<key>timeZone</key>\n\t\t\t<string>Europe/Warsaw</string>\n", with: "")
        let setup = try SetupData(plist: Data(text.utf8), source: "t")
        #expect(setup.matches[0].timeZone == "GMT+0200")
    }

    /// One broken spot each: what to replace (first occurrence), by what, and the error.
    static let brokenCases: [(String, String, String, String)] = [
        (
            "<integer>13</integer>", "<string>x</string>",
            "groups[0].teams[0].players[1].number", "expected an integer from 1 to 99, found \"x\""
        ),
        (
            "<integer>13</integer>", "<integer>100</integer>",
            "groups[0].teams[0].players[1].number", "expected an integer from 1 to 99, found the integer 100"
        ),
        (
            "<integer>13</integer>", "<true/>",
            "groups[0].teams[0].players[1].number", "expected an integer from 1 to 99, found the boolean true"
        ),
        (
            "<integer>13</integer>", "<real>13.5</real>",
            "groups[0].teams[0].players[1].number", "expected an integer from 1 to 99, found the number 13.5"
        ),
        (
            "<integer>13</integer>", "<integer>1</integer>",
            "groups[0].teams[0].players[1].number", "duplicate shirt number 1 in team \"Deutschland\", already players[0]"
        ),
        (
            "<string>FW</string>", "<string>ST</string>",
            "groups[0].teams[0].players[1].position", "expected GK, DF, MF or FW, found \"ST\""
        ),
        (
            "<string>1990-01-05</string>", "<string>1990-02-30</string>",
            "groups[0].teams[0].players[1].born", "expected a date as YYYY-MM-DD, found \"1990-02-30\""
        ),
        (
            "<string>2012-06-08T18:00:00+02:00</string>", "<string>8 June 2012</string>",
            "matches[0].kickoff",
            "expected an ISO 8601 date and time with offset such as \"2012-06-08T18:00:00+02:00\", or a day (YYYY-MM-DD) with a timeZone, found \"8 June 2012\""
        ),
        (
            "<string>2012-06-08T18:00:00+02:00</string>", "<string>2012-06-08T18:00:00</string>",
            "matches[0].kickoff",
            "expected an ISO 8601 date and time with offset such as \"2012-06-08T18:00:00+02:00\", or a day (YYYY-MM-DD) with a timeZone, found \"2012-06-08T18:00:00\""
        ),
        (
            "<key>away</key>\n\t\t\t<string>Österreich</string>", "<key>away</key>\n\t\t\t<string>Atlantis</string>",
            "matches[0].away", "unknown team \"Atlantis\"; teams are named by their German name as in groups[].teams[].name"
        ),
        (
            "<key>group</key>\n\t\t\t<string>A</string>", "<key>group</key>\n\t\t\t<string>Z</string>",
            "matches[0].group", "unknown group \"Z\""
        ),
        (
            "<key>group</key>\n\t\t\t<string>A</string>", "<key>group</key>\n\t\t\t<string>B</string>",
            "matches[0].home", "team \"Deutschland\" is not in group \"B\""
        ),
        (
            "<string>final</string>", "<string>finale</string>",
            "matches[2].round", "expected one of group, round16, quarterfinal, semifinal, thirdPlace, final, found \"finale\""
        ),
        (
            "<string>Europe/Warsaw</string>", "<string>Europe/Atlantis</string>",
            "matches[0].timeZone", "unknown time zone \"Europe/Atlantis\"; expected an IANA identifier such as \"Europe/Warsaw\""
        ),
        (
            "<key>club</key>", "<key>klub</key>",
            "groups[0].teams[0].players[0].klub", "unknown key; expected one of number, givenname, name, position, club, born"
        ),
        (
            "<string>AUT</string>", "<string>GER</string>",
            "groups[0].teams[1].code", "\"GER\" already names team \"Deutschland\""
        ),
        (
            "<string>AUT</string>", "<string>aut</string>",
            "groups[0].teams[1].code", "expected three capital letters, found \"aut\""
        ),
        (
            "<string>Österreich</string>\n\t\t\t\t\t<key>englishName</key>",
            "<string>Deutschland</string>\n\t\t\t\t\t<key>englishName</key>",
            "groups[0].teams[1].name", "duplicate team \"Deutschland\""
        ),
        (
            "<string>Austria</string>", "<string>germany</string>",
            "groups[0].teams[1].englishName", "\"germany\" already names team \"Deutschland\""
        ),
        (
            "<string>Ronaldo</string>", "<string>  </string>",
            "groups[1].teams[1].players[0].name", "must not be empty"
        ),
        (
            "<key>teams</key>", "<key>mannschaften</key>",
            "groups[0].mannschaften", "unknown key; expected one of name, teams, officialOrder"
        ),
        (
            "<key>players</key>\n\t\t\t\t\t<array>", "<key>players</key>\n\t\t\t\t\t<dict/><array>",
            "", "not a property list: "
        ),
        (
            "<string>Olympic Stadium</string>\n\t\t\t<key>city</key>\n\t\t\t<string>Kyiv</string>",
            "<string>stadion narodowy</string>\n\t\t\t<key>city</key>\n\t\t\t<string>Warsaw</string>",
            "matches[1]",
            "venue \"Stadion Narodowy\" in \"Warsaw\" already hosts a match kicking off at 2012-06-08T18:00:00+02:00, within 3 hours"
        ),
        (
            "<string>2012-06-20T21:45:00+03:00</string>", "<string>2012-06-08T23:45:00+03:00</string>",
            "matches[2]", "team \"Deutschland\" already plays on 2012-06-08"
        ),
        (
            "<string>Polen</string>\n\t\t\t<key>away</key>", "<string>Portugal</string>\n\t\t\t<key>away</key>",
            "matches[1]", "team \"Portugal\" cannot play itself"
        ),
        (
            "<string>final</string>", "<string>final</string>\n\t\t\t<key>group</key>\n\t\t\t<string>A</string>",
            "matches[2].group", "a final match cannot belong to group \"A\""
        ),
        (
            "<key>tournament</key>", "<key>ruleSet</key><string>euro1983</string><key>tournament</key>",
            "ruleSet", "unknown rule set \"euro1983\"; expected one of \(RuleSet.all.map(\.identifier).joined(separator: ", "))"
        ),
        (
            "<string>final</string>",
            "<string>final</string><key>homeSlot</key><string>X1</string><key>awaySlot</key><string>2A</string>",
            "matches[2].homeSlot", "slot label \"X1\" is not 1A, 3A/C/D, W45 or L49 in form"
        ),
        (
            "<string>final</string>",
            "<string>final</string><key>homeSlot</key><string>1Z</string><key>awaySlot</key><string>2A</string>",
            "matches[2].homeSlot", "unknown group \"Z\" in \"1Z\""
        ),
        (
            "<string>final</string>",
            "<string>final</string><key>homeSlot</key><string>1A</string><key>awaySlot</key><string>3B</string>",
            "matches[2].awaySlot", "\"3B\" names position 3, but group B has 2 teams"
        ),
        (
            "<string>final</string>", "<string>final</string><key>homeSlot</key><string>1A</string>",
            "matches[2].awaySlot", "missing; give both homeSlot and awaySlot"
        ),
        (
            "<string>final</string>",
            "<string>final</string><key>homeSlot</key><string>W1</string><key>awaySlot</key><string>1B</string>",
            "matches[2].homeSlot",
            "\"W1\" names match 1, which is not an earlier knockout match (matches are numbered from 1 in setup order)"
        ),
        (
            "<string>final</string>",
            "<string>final</string><key>homeSlot</key><string>1A</string><key>awaySlot</key><string>W3</string>",
            "matches[2].awaySlot",
            "\"W3\" names match 3, which is not an earlier knockout match (matches are numbered from 1 in setup order)"
        ),
        (
            "<key>group</key>\n\t\t\t<string>A</string>",
            "<key>group</key><string>A</string><key>homeSlot</key><string>1A</string>",
            "matches[0].homeSlot", "a group match has no knockout slot"
        ),
        (
            "<key>home</key>\n\t\t\t<string>Deutschland</string>\n", "",
            "matches[0].home", "missing required key"
        ),
        (
            "<key>home</key>\n\t\t\t<string>Deutschland</string>\n\t\t\t<key>away</key>\n\t\t\t<string>Portugal</string>\n", "",
            "matches[2].home", "missing; a knockout match names its team or both homeSlot and awaySlot"
        ),
        (
            "<string>final</string>", "<string>final</string>\n\t\t\t<key>homeGoals</key>\n\t\t\t<integer>1</integer>",
            "matches[2].awayGoals", "missing; give both homeGoals and awayGoals"
        ),
        (
            "<string>final</string>",
            "<string>final</string>\n\t\t\t<key>homeGoals</key><integer>1</integer><key>awayGoals</key><integer>1</integer><key>homePenalties</key><integer>4</integer><key>awayPenalties</key><integer>2</integer>",
            "matches[2]", "invalid result: a penalty shoot-out needs extra time (--aet)"
        ),
        (
            "<string>final</string>",
            "<string>final</string>\n\t\t\t<key>homeGoals</key><integer>-1</integer><key>awayGoals</key><integer>1</integer>",
            "matches[2].homeGoals", "expected an integer from 0 to 99, found the integer -1"
        ),
        (
            "<string>final</string>", "<string>final</string><key>afterExtraTime</key><string>yes</string>",
            "matches[2].afterExtraTime", "expected a boolean, found \"yes\""
        ),
        (
            "<key>tournament</key>", "<key>turnier</key>",
            "turnier", "unknown key; expected one of tournament, ruleSet, groups, teams, matches"
        ),
        (
            "<key>matches</key>\n\t<array>", "<key>matches</key>\n\t<string>none</string><key>x</key><array>",
            "x", "unknown key; expected one of tournament, ruleSet, groups, teams, matches"
        ),
    ]

    @Test("A setup without its tournament's title is refused")
    func missingTitle() throws {
        let text = Self.validText
        let start = try #require(text.range(of: "<key>tournament</key>"))
        let end = try #require(text.range(of: "</string>", range: start.upperBound..<text.endIndex))
        let error = try #require(setupError(text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")))
        #expect(error.keyPath == "tournament" && error.message == "missing required key")
    }

    @Test("A broken setup is refused with the key path of the culprit", arguments: brokenCases)
    func brokenSetup(find: String, replacement: String, keyPath: String, message: String) throws {
        let text = Self.validText
        let range = try #require(text.range(of: find), "the valid plist contains \(find)")
        let broken = text.replacingCharacters(in: range, with: replacement)
        let error = try #require(setupError(broken))
        #expect(error.source == "broken.plist")
        #expect(error.keyPath == keyPath)
        if message.hasSuffix(": ") {
            #expect(error.message.hasPrefix(message))
        } else {
            #expect(error.message == message)
        }
        #expect(!error.description.contains("\n"))
    }

    @Test("Arrays may be left out: a setup of a tournament and one team without players or matches")
    func optionalArrays() throws {
        let plist = """
            <plist><dict><key>tournament</key><string>Test Cup</string>
            <key>groups</key><array><dict><key>name</key><string>A</string></dict></array>
            <key>teams</key><array><dict><key>name</key><string>Norwegen</string><key>code</key><string>NOR</string></dict></array>
            </dict></plist>
            """
        let setup = try SetupData(plist: Data(plist.utf8), source: "small.plist")
        #expect(setup.groups.map(\.name) == ["A"])
        #expect(setup.groups[0].teams.isEmpty)
        #expect(setup.ungroupedTeams.map(\.code) == ["NOR"])
        #expect(setup.ungroupedTeams[0].players.isEmpty && setup.matches.isEmpty)
        let tournament = try TestTournament.seeded(.inMemory, from: setup).tournament
        #expect(try tournament.lookup.team("NOR").name == "Norwegen")
        #expect(try tournament.lookup.matches().isEmpty)
    }

    @Test("A value of the wrong container type names its key path")
    func wrongContainer() throws {
        #expect(
            setupError("<plist><array/></plist>")
                == SetupError(source: "broken.plist", keyPath: "", message: "expected a dictionary, found an array"))
        let groupsAsString =
            "<plist><dict><key>tournament</key><string>T</string><key>groups</key><string>A</string><key>matches</key><array/></dict></plist>"
        #expect(setupError(groupsAsString)?.description == "broken.plist: groups: expected an array, found \"A\"")
        let groupAsNumber =
            "<plist><dict><key>tournament</key><string>T</string><key>groups</key><array><integer>1</integer></array><key>matches</key><array/></dict></plist>"
        #expect(setupError(groupAsNumber)?.description == "broken.plist: groups[0]: expected a dictionary, found the integer 1")
    }

    @Test("The description is one line: source, key path, message")
    func descriptionFormat() {
        let error = SetupError(
            source: "setup.plist", keyPath: "groups[0].teams[1].players[4].number",
            message: "expected an integer from 1 to 99, found \"x\"")
        #expect(
            error.description
                == "setup.plist: groups[0].teams[1].players[4].number: expected an integer from 1 to 99, found \"x\"")
    }

    @Test("Reading a missing file names the file")
    func missingFile() {
        let url = FileManager.default.temporaryDirectory.appending(path: "no-such-\(UUID().uuidString).plist")
        #expect(throws: SetupError.self) { try SetupData.read(contentsOf: url) }
        do {
            _ = try SetupData.read(contentsOf: url)
        } catch {
            #expect(error.source == url.lastPathComponent)
            #expect(error.message.contains("no such file"))
        }
    }

    @Test("Reading a file works like parsing its data")
    func readsFile() throws {
        let directory = try TemporaryDirectory(prefix: "EMPlannerTests")
        let url = directory.file("mini.plist")
        try smallSetup().plistData().write(to: url)
        #expect(try SetupData.read(contentsOf: url) == smallSetup())
    }
}
