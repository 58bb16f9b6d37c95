import Foundation
import SeededRandom

/// The malformed setups: mutations of EURO 2012's setup property list, each given to
/// `em init --setup`, alternately over the EURO 2012 store with `--force` (which must stay as
/// it was) and on a path without a store (where no file may appear).
enum SetupInputs {
    /// Every malformed setup: about 200.
    ///
    /// - Parameters:
    ///   - setup: EURO 2012's setup, as `Resources/euro2012.plist` holds it.
    ///   - generator: The random source for truncations and garbage.
    /// - Throws: ``StressFailure`` when `setup` is no property list.
    static func all(from setup: Data, generator: inout SeededGenerator) throws -> [MalformedInput] {
        guard let root = try? PropertyListSerialization.propertyList(from: setup, format: nil) as? [String: Any] else {
            throw StressFailure(description: "the setup is no property list with a dictionary at its root")
        }
        var contents: [(name: String, bytes: Data)] = []
        for (name, edited) in edits(of: root) {
            let bytes = try PropertyListSerialization.data(fromPropertyList: edited, format: .xml, options: 0)
            contents.append((name, bytes))
        }
        contents += damaged(setup, root: root, generator: &generator)
        var inputs = contents.enumerated().map { index, content in
            index % 2 == 0
                ? MalformedInput(
                    family: .setup, name: content.name, arguments: ["init", "--setup", "@FILE", "--force", "--store", "@STORE"],
                    expected: 65, file: .bytes(content.bytes))
                : MalformedInput(
                    family: .setup, name: content.name + ", on a new store path",
                    arguments: ["init", "--setup", "@FILE", "--store", "@STORE"], expected: 65, store: .absent,
                    file: .bytes(content.bytes))
        }
        inputs.append(
            MalformedInput(
                family: .setup, name: "the setup file is missing",
                arguments: ["init", "--setup", "@FILE", "--force", "--store", "@STORE"], expected: 66))
        inputs.append(
            MalformedInput(
                family: .setup, name: "the setup is a folder",
                arguments: ["init", "--setup", "@FILE", "--force", "--store", "@STORE"], expected: 66, file: .folder))
        return inputs
    }

    /// The setup edited key by key: required keys removed, values of the wrong type, bad
    /// values, duplicate keys, unknown keys, a root of the wrong kind.
    ///
    /// - Parameter root: The setup.
    /// - Returns: Each edit's name and the edited setup.
    private static func edits(of root: [String: Any]) -> [(String, Any)] {
        var edits: [(String, Any)] = []
        /// Adds the setup without the key at `parts`.
        func remove(_ parts: any Sendable...) {
            let path = PlistStep.path(parts)
            edits.append(("\(PlistEditor.describe(path)) missing", PlistEditor.replacing(at: path, in: root, with: nil)))
        }
        /// Adds the setup with `value` at `parts`, for the reason `why`.
        func set(_ value: Any, _ why: String, _ parts: any Sendable...) {
            let path = PlistStep.path(parts)
            edits.append(
                ("\(PlistEditor.describe(path)) = \(value) (\(why))", PlistEditor.replacing(at: path, in: root, with: value)))
        }
        /// Adds the setup with `value` appended to the array at `parts`, for the reason `why`.
        func append(_ value: Any, _ why: String, _ parts: any Sendable...) {
            let path = PlistStep.path(parts)
            edits.append(("\(why) at \(PlistEditor.describe(path))", PlistEditor.appending(value, at: path, in: root)))
        }
        let teams = [(0, 0), (1, 2), (2, 3), (3, 1)]
        let players = [(0, 0, 0), (1, 1, 10), (2, 2, 22), (3, 3, 5)]
        let matches = root["matches"] as? [[String: Any]] ?? []
        let knockout = matches.firstIndex { $0["homeSlot"] != nil } ?? 24
        let extraTime = matches.firstIndex { $0["afterExtraTime"] != nil } ?? 25
        let team0 = PlistEditor.value(at: PlistStep.path(["groups", 0, "teams", 0]), in: root) as? [String: Any] ?? [:]
        let player0 = (team0["players"] as? [Any])?.first ?? [String: Any]()
        let homeName = team0["name"] as? String ?? "Polen"

        // Required keys missing.
        for key in ["tournament", "groups", "matches"] { remove(key) }
        for group in [0, 3] { remove("groups", group, "name") }
        for group in [1, 2] { remove("groups", group, "teams") }
        for (group, team) in teams {
            for key in ["name", "code"] { remove("groups", group, "teams", team, key) }
        }
        for (group, team) in [(0, 1), (3, 2)] { remove("groups", group, "teams", team, "coach", "name") }
        for (group, team, player) in players {
            for key in ["number", "name", "position"] { remove("groups", group, "teams", team, "players", player, key) }
        }
        // A match's kick-off, venue and city may be unknown (openfootball's EURO 1984); its
        // round may not.
        for match in [0, 13, knockout, matches.count - 1] { remove("matches", match, "round") }

        // Values of the wrong type.
        set(42, "a number for a string", "tournament")
        set(["euro2012"], "an array for a string", "ruleSet")
        set("A", "a string for an array", "groups")
        set(["a": 1], "a dictionary for an array", "matches")
        set(["A", "B"], "strings for groups", "groups")
        set("A", "a string for a group", "groups", 0)
        set("match", "a string for a match", "matches", 0)
        set(1, "a number for a player", "groups", 0, "teams", 0, "players", 0)
        set(1, "a number for a string", "groups", 1, "name")
        set(homeName, "a string for an array", "groups", 1, "teams")
        for (key, value) in [("name", 7), ("englishName", 7), ("code", ["GER"]), ("coach", "Löw"), ("players", ["a": 1])]
            as [(String, Any)]
        {
            set(value, "the wrong type", "groups", 1, "teams", 0, key)
        }
        set(3, "a number for a string", "groups", 0, "teams", 0, "coach", "name")
        for (key, value) in [
            ("number", "zwölf"), ("givenname", 5), ("name", [String]()), ("position", 1), ("club", 2.5), ("born", 19_900_101),
        ]
            as [(String, Any)]
        {
            set(value, "the wrong type", "groups", 2, "teams", 1, "players", 4, key)
        }
        for (key, value) in [
            ("home", 1), ("away", [String]()), ("kickoff", 1_339_171_200), ("timeZone", 1), ("venue", 2), ("city", false),
            ("round", 3), ("group", 1), ("homeGoals", "eins"), ("awayGoals", [2]),
        ] as [(String, Any)] {
            set(value, "the wrong type", "matches", 5, key)
        }
        set(1, "a number for a slot", "matches", knockout, "homeSlot")
        set("yes", "a string for a boolean", "matches", extraTime, "afterExtraTime")
        set("4", "a string for a number", "matches", extraTime, "homePenalties")

        // Bad values.
        for value in ["euro1999", ""] { set(value, "no such rule set", "ruleSet") }
        for value in ["GERMANY", "", "G3R"] { set(value, "not three letters", "groups", 1, "teams", 1, "code") }
        set("", "an empty name", "groups", 1, "teams", 1, "name")
        for value in [0, 100, -3, 1000] { set(value, "out of 1 to 99", "groups", 2, "teams", 0, "players", 3, "number") }
        for value in ["XX", "", "Torwart"] { set(value, "no such position", "groups", 2, "teams", 0, "players", 3, "position") }
        for value in ["1990-13-45", "1990-02-30", "yesterday", "18.04.1990"] {
            set(value, "not a date", "groups", 2, "teams", 0, "players", 3, "born")
        }
        for value in [
            "2012-06-08T18:00:00", "soon", "2012-02-30T18:00:00+02:00", "2012-06-08T25:00:00+02:00", "2012-06-31",
        ] {
            set(value, "not a kick-off with an offset", "matches", 1, "kickoff")
        }
        set("Mars/Olympus", "no such time zone", "matches", 1, "timeZone")
        for value in ["quarter", ""] { set(value, "no such round", "matches", 1, "round") }
        set("Z", "no such group", "matches", 1, "group")
        set("Atlantis", "no such team", "matches", 1, "home")
        set("Atlantis", "no such team", "matches", 1, "away")
        for value in [-1, 100] { set(value, "goals out of range", "matches", 1, "homeGoals") }
        for value in ["9Z", "W99", ""] { set(value, "no such slot", "matches", knockout, "homeSlot") }
        set(true, "extra time in a group match", "matches", 2, "afterExtraTime")
        set(5, "penalties in a group match", "matches", 2, "homePenalties")
        let goal: [String: Any] = ["team": homeName, "player": 9, "minute": 17]
        for (why, goals) in [
            ("a scorer not in the squad", [goal.merging(["player": 99]) { $1 }]),
            ("a scorer's team not in the match", [goal.merging(["team": "Atlantis"]) { $1 }]),
            ("a goal in minute -5", [goal.merging(["minute": -5]) { $1 }]),
            ("a goal in minute 0", [goal.merging(["minute": 0]) { $1 }]),
            ("a goal in minute 131", [goal.merging(["minute": 131]) { $1 }]),
            (
                "three goals for a team that scored one",
                [goal, goal.merging(["minute": 20]) { $1 }, goal.merging(["minute": 30]) { $1 }]
            ),
            ("a goal with an unknown key", [goal.merging(["bogus": 1]) { $1 }]),
            ("a goal without its minute", [goal.filter { $0.key != "minute" }]),
        ] as [(String, [[String: Any]])] {
            set(goals, why, "matches", 0, "goals")
        }
        let card: [String: Any] = ["team": homeName, "player": 9, "kind": "yellow", "minute": 30]
        for (why, cards) in [
            ("a card of no such kind", [card.merging(["kind": "purple"]) { $1 }]),
            ("a card for a player not in the squad", [card.merging(["player": 99]) { $1 }]),
            ("a card for nobody", [card.filter { $0.key != "player" }]),
            ("a second yellow without a yellow", [card.merging(["kind": "secondYellow"]) { $1 }]),
            ("a card in minute 200", [card.merging(["minute": 200]) { $1 }]),
        ] as [(String, [[String: Any]])] {
            set(cards, why, "matches", 0, "cards")
        }
        let starter: [String: Any] = ["team": homeName, "player": 9, "line": 1]
        for (why, appearances) in [
            ("a line-up player not in the squad", [starter.merging(["player": 99]) { $1 }]),
            ("a line-up player of a team not in the match", [starter.merging(["team": "Atlantis"]) { $1 }]),
            ("a starter without his line", [starter.filter { $0.key != "line" }]),
            ("a line-up player by number and by name", [starter.merging(["playerName": "Lewandowski"]) { $1 }]),
            ("a line-up player twice", [starter, starter]),
            ("a substitute for a later player", [starter, starter.merging(["player": 10, "replaces": 1]) { $1 }]),
            ("a line-up entry with an unknown key", [starter.merging(["bogus": 1]) { $1 }]),
        ] as [(String, [[String: Any]])] {
            set(appearances, why, "matches", 0, "appearances")
        }
        let kick: [String: Any] = ["team": homeName, "player": 9, "scored": true]
        set([kick], "a penalty kick in a match without a shoot-out", "matches", 0, "penaltyKicks")
        set([kick.merging(["player": 99]) { $1 }], "a penalty kick by a player not in the squad", "matches", 0, "penaltyKicks")
        for value in ["A0", "1A", "AA", ""] { set(value, "not a draw slot", "groups", 1, "teams", 1, "drawSlot") }
        let codes = (PlistEditor.value(at: PlistStep.path(["groups", 0, "teams"]), in: root) as? [[String: Any]] ?? [])
            .compactMap { $0["code"] as? String }
        set(
            [codes.first ?? "POL", "XXX"] + codes.dropFirst(2), "an official order with an unknown team", "groups", 0,
            "officialOrder")
        set([codes.first ?? "POL"] + codes.dropLast(), "an official order naming a team twice", "groups", 0, "officialOrder")

        // Duplicate keys.
        for (why, source, destination) in [
            ("a team code twice in one group", [0, 0], [0, 1]), ("a team code twice in two groups", [0, 0], [2, 0]),
        ] {
            let code =
                PlistEditor.value(at: PlistStep.path(["groups", source[0], "teams", source[1], "code"]), in: root) ?? "POL"
            set(code, why, "groups", destination[0], "teams", destination[1], "code")
        }
        for (why, source, destination) in [
            ("a team name twice in one group", [1, 0], [1, 1]), ("a team name twice in two groups", [1, 0], [3, 0]),
        ] {
            let name =
                PlistEditor.value(at: PlistStep.path(["groups", source[0], "teams", source[1], "name"]), in: root) ?? "Polen"
            set(name, why, "groups", destination[0], "teams", destination[1], "name")
        }
        let number = PlistEditor.value(at: PlistStep.path(["groups", 1, "teams", 1, "players", 4, "number"]), in: root) ?? 5
        set(number, "a shirt number twice in a squad", "groups", 1, "teams", 1, "players", 5, "number")
        append(player0, "a player twice in a squad", "groups", 0, "teams", 0, "players")
        set("A", "a group name twice", "groups", 1, "name")
        append(team0, "a team in two groups", "groups", 1, "teams")

        // Unknown and misspelt keys.
        set(1, "an unknown key", "bogus")
        set(1, "an unknown key", "groups", 0, "bogus")
        set(1, "an unknown key", "groups", 0, "teams", 0, "bogus")
        set(1, "an unknown key", "groups", 0, "teams", 0, "coach", "bogus")
        set(1, "an unknown key", "groups", 0, "teams", 0, "players", 0, "bogus")
        set(1, "an unknown key", "matches", 0, "bogus")
        for (parts, from, to) in [
            (["groups", 0, "teams", 0, "players", 0], "number", "numbr"), (["groups", 0, "teams", 1], "code", "Code"),
            (["matches", 3], "kickoff", "kickOff"),
        ] as [([any Sendable], String, String)] {
            let path = PlistStep.path(parts)
            var object = PlistEditor.value(at: path, in: root) as? [String: Any] ?? [:]
            object[to] = object.removeValue(forKey: from)
            edits.append(
                ("\(PlistEditor.describe(path)).\(from) misspelt \(to)", PlistEditor.replacing(at: path, in: root, with: object)))
        }

        // A root of the wrong kind.
        edits.append(("the setup inside an array", [root]))
        edits.append(("an empty dictionary", [String: Any]()))
        edits.append(("a string for the setup", "euro2012"))
        edits.append(("a number for the setup", 2012))
        return edits
    }

    /// The setup's bytes damaged: truncated, with garbage inserted, random bytes, other formats.
    ///
    /// - Parameters:
    ///   - setup: The setup's bytes.
    ///   - root: The setup, for its binary form.
    ///   - generator: The random source.
    /// - Returns: Each damage's name and the damaged bytes.
    private static func damaged(_ setup: Data, root: Any, generator: inout SeededGenerator) -> [(name: String, bytes: Data)] {
        var damaged: [(name: String, bytes: Data)] = [("an empty file", Data())]
        let count = setup.count
        // Cut at least into "</plist>", which is followed only by a newline.
        var cuts = [1, 10, 39, 100, 500, 1000, 5000, count / 4, count / 3, count / 2, 2 * count / 3, 3 * count / 4, count - 200]
        cuts += [count - 20, count - 10, count - 3]
        cuts += (0..<8).map { _ in Int.random(in: 1..<(count - 3), using: &generator) }
        for cut in cuts {
            damaged.append(("truncated to \(cut) of \(count) bytes", setup.prefix(cut)))
        }
        // "<<" is markup nowhere in XML and "&&" no entity: inserted anywhere, they break the file.
        for _ in 0..<15 {
            let offset = Int.random(in: 0..<count, using: &generator)
            var bytes = setup
            bytes.insert(contentsOf: Array("<<&&\u{1}".utf8), at: offset)
            damaged.append(("garbage inserted at byte \(offset)", bytes))
        }
        for length in [1, 7, 64, 1000, 65_536] {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            damaged.append(("\(length) random bytes", bytes))
        }
        for length in [8, 300] {
            let bytes = Data("bplist00".utf8) + Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            damaged.append(("a binary plist header and \(length) random bytes", bytes))
        }
        if let binary = try? PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0) {
            damaged.append(("a binary plist truncated to half", binary.prefix(binary.count / 2)))
            damaged.append(("a binary plist without its last 10 bytes", binary.dropLast(10)))
        }
        damaged.append(("JSON instead of a plist", Data(#"{"tournament": "UEFA EURO 2012", "groups": [], "matches": []}"#.utf8)))
        damaged.append(("plain text", Data("UEFA EURO 2012\nGroup A: Polen, Griechenland, Russland, Tschechien\n".utf8)))
        return damaged
    }
}
