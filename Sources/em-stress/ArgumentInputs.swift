import Foundation

/// The malformed command lines, on the EURO 2012 store: 64 for what does not parse (unknown
/// commands and options, missing or extra arguments, values of the wrong form or outside the
/// listed ones, an empty `--store`), 65 for values that parse but name nothing or break a rule
/// (unknown teams and matches, numbers out of range, bad dates and positions, taken codes and
/// numbers), 73 for an export that cannot be created.
enum ArgumentInputs {
    /// A valid command of each subcommand, to which an unknown option is added.
    static let commands: [[String]] = [
        ["list", "teams"], ["list", "players"], ["show", "team", "GER"], ["show", "match", "1"], ["schedule"],
        ["schedule", "add"], ["standings"], ["bracket"], ["stats", "scorers"], ["suspensions"],
        ["add-player", "--team", "GER", "--name", "Neu", "--number", "50", "--position", "MF"],
        ["remove-player", "--team", "GER", "--number", "1"], ["update-player", "--team", "GER", "--number", "1", "--club", "X"],
        ["set-coach", "--team", "GER", "--name", "Flick"], ["add-team", "--name", "Österreich", "--code", "AUT"],
        ["result", "GER-POR", "1:0"], ["goal", "GER-POR", "GER", "9", "10"], ["card", "GER-POR", "GER", "9", "yellow"],
        ["official-order", "A", "POL", "GRE", "RUS", "CZE"], ["init", "--force"], ["save", "--to", "@DIR/export.sqlite"],
        ["shell"],
    ]

    /// Command lines that do not parse: 64.
    static let usage: [(String, [String])] = [
        ("an unknown subcommand", ["bogus"]), ("an unknown list kind", ["list", "bogus"]),
        ("an unknown show kind", ["show", "bogus", "GER"]), ("an unknown stats kind", ["stats", "bogus"]),
        ("an empty subcommand", [""]), ("a misspelt subcommand", ["add-teem", "--name", "X", "--code", "XXX"]),
        ("no number or position", ["add-player", "--team", "GER", "--name", "X"]),
        ("no code", ["add-team", "--name", "X"]), ("no match", ["result"]), ("no team", ["show", "team"]),
        ("no kind", ["list"]), ("no group", ["official-order"]), ("no name", ["set-coach", "--team", "GER"]),
        ("an extra argument", ["list", "teams", "extra"]), ("an extra argument", ["standings", "extra"]),
        ("an extra score", ["result", "GER-POR", "1:0", "2:0"]),
        ("a number that is no number", ["add-player", "--team", "GER", "--name", "X", "--number", "abc", "--position", "MF"]),
        (
            "a number too big for any integer",
            ["add-player", "--team", "GER", "--name", "X", "--number", "99999999999999999999", "--position", "MF"]
        ),
        ("an empty number", ["add-player", "--team", "GER", "--name", "X", "--number", "", "--position", "MF"]),
        ("a limit that is no number", ["list", "players", "--limit", "abc"]),
        ("a negative limit", ["list", "players", "--limit", "-1"]),
        ("no such format", ["list", "players", "--format", "xml"]), ("no such format", ["standings", "--format", "yaml"]),
        ("no such tournament", ["init", "--force", "--tournament", "1999"]),
        ("no such tournament", ["init", "--force", "--tournament", "abc"]),
        ("no such export kind", ["save", "--to", "@DIR/export.x", "--as", "xml"]),
        ("a score that is no score", ["result", "GER-POR", "abc"]), ("a score with a slash", ["result", "GER-POR", "1/0"]),
        ("half a score", ["result", "GER-POR", "1:"]), ("half a score", ["result", "GER-POR", ":1"]),
        ("three numbers for a score", ["result", "GER-POR", "1:0:0"]), ("a negative score", ["result", "GER-POR", "-1:0"]),
        ("a shoot-out that is no score", ["result", "GER-POR", "1:1", "--pens", "abc"]),
        ("an empty --store", ["list", "teams", "--store", ""]),
        ("an empty --store", ["add-team", "--name", "X", "--code", "XXX", "--store", ""]),
        ("a minute that is no number", ["goal", "GER-POR", "GER", "9", "late"]),
        ("an option without its value", ["list", "players", "--team"]),
        ("a card of no such kind", ["card", "GER-POR", "GER", "9", "purple"]),
    ]

    /// Values that parse but name nothing or break a rule: 65.
    static let data: [(String, [String])] = [
        ("a match 0", ["result", "0", "1:0"]), ("no match 99", ["result", "99", "1:0"]),
        ("no match 999", ["show", "match", "999"]),
        ("a team against itself", ["result", "GER-GER", "1:0"]), ("the pairing reversed", ["result", "POR-GER", "1:0"]),
        ("an unknown team in a pairing", ["result", "XYZ-POR", "1:0"]), ("a match by a word", ["result", "abc", "1:0"]),
        ("a match 1.5", ["show", "match", "1.5"]), ("no such pairing", ["show", "match", "GER-ESP"]),
        ("a goal in no such match", ["goal", "99", "GER", "9", "10"]),
        ("a card in no such match", ["card", "99", "GER", "9", "yellow"]),
        ("shirt number 0", ["add-player", "--team", "GER", "--name", "X", "--number", "0", "--position", "MF"]),
        ("shirt number 100", ["add-player", "--team", "GER", "--name", "X", "--number", "100", "--position", "MF"]),
        ("shirt number 1000", ["add-player", "--team", "GER", "--name", "X", "--number", "1000", "--position", "MF"]),
        ("shirt number -1", ["add-player", "--team", "GER", "--name", "X", "--number=-1", "--position", "MF"]),
        ("a new shirt number 0", ["update-player", "--team", "GER", "--number", "1", "--new-number", "0"]),
        ("a new shirt number 100", ["update-player", "--team", "GER", "--number", "1", "--new-number", "100"]),
        ("a shirt number taken", ["add-player", "--team", "GER", "--name", "X", "--number", "1", "--position", "MF"]),
        ("a new shirt number taken", ["update-player", "--team", "GER", "--number", "1", "--new-number", "2"]),
        ("no player with that number", ["remove-player", "--team", "GER", "--number", "77"]),
        ("no player with that number", ["update-player", "--team", "GER", "--number", "77", "--club", "X"]),
        ("goals over 99", ["result", "GER-POR", "100:0"]), ("goals over 99", ["result", "GER-POR", "0:100"]),
        ("a shoot-out in a group match", ["result", "GER-POR", "1:1", "--pens", "4:2"]),
        ("extra time in a group match", ["result", "GER-POR", "1:0", "--aet"]),
        ("a goal in minute 0", ["goal", "GER-POR", "GER", "9", "0"]),
        ("a goal in minute 131", ["goal", "GER-POR", "GER", "9", "131"]),
        ("a goal in an unplayed match", ["goal", "GER-POR", "GER", "9", "10"]),
        ("a goal by no such player", ["goal", "GER-POR", "GER", "77", "10"]),
        ("a card for no such player", ["card", "GER-POR", "GER", "77", "yellow"]),
        (
            "an impossible birthday",
            ["add-player", "--team", "GER", "--name", "X", "--number", "50", "--position", "MF", "--born", "2012-02-30"]
        ),
        (
            "month 13",
            ["add-player", "--team", "GER", "--name", "X", "--number", "50", "--position", "MF", "--born", "1990-13-01"]
        ),
        (
            "a birthday in words",
            ["add-player", "--team", "GER", "--name", "X", "--number", "50", "--position", "MF", "--born", "yesterday"]
        ),
        (
            "a birthday with slashes",
            ["add-player", "--team", "GER", "--name", "X", "--number", "50", "--position", "MF", "--born", "1990/01/01"]
        ),
        ("an impossible birthday", ["update-player", "--team", "GER", "--number", "1", "--born", "1990-02-31"]),
        ("no such position", ["add-player", "--team", "GER", "--name", "X", "--number", "50", "--position", "XX"]),
        ("an empty position", ["add-player", "--team", "GER", "--name", "X", "--number", "50", "--position", ""]),
        ("a position in German", ["add-player", "--team", "GER", "--name", "X", "--number", "50", "--position", "Torwart"]),
        ("no such position", ["update-player", "--team", "GER", "--number", "1", "--position", "XX"]),
        ("a code too long", ["add-team", "--name", "Neu", "--code", "TOOLONG"]),
        ("a code with digits", ["add-team", "--name", "Neu", "--code", "12A"]),
        ("an empty code", ["add-team", "--name", "Neu", "--code", ""]),
        ("a code too short", ["add-team", "--name", "Neu", "--code", "GE"]),
        ("a code taken", ["add-team", "--name", "Neu", "--code", "GER"]),
        ("a name taken", ["add-team", "--name", "Deutschland", "--code", "NEU"]),
        ("an empty name", ["add-team", "--name", "", "--code", "NEU"]),
        ("no such group", ["add-team", "--name", "Neu", "--code", "NEU", "--group", "Z"]),
        ("no such group", ["list", "teams", "--group", "Z"]), ("no such group", ["standings", "--group", "Z"]),
        ("no such group", ["official-order", "Z", "POL", "GRE", "RUS", "CZE"]),
        ("an unknown team in an official order", ["official-order", "A", "POL", "GRE", "RUS", "XXX"]),
        ("a team of another group in an official order", ["official-order", "A", "POL", "GRE", "RUS", "GER"]),
        ("no such day", ["schedule", "--on", "2012-13-01"]), ("a day in words", ["schedule", "--on", "bogus"]),
        ("a move to no such team", ["update-player", "--team", "GER", "--number", "1", "--move-to", "XYZ"]),
    ]

    /// Team names that name no team, tried wherever a team is given: 65.
    static let unknownTeams = ["XYZ", "Deutschlandd", "GE", "Atlantis", "", "G E R"]

    /// The commands that take a team, with `TEAM` where it goes.
    static let teamCommands: [[String]] = [
        ["list", "players", "--team", "TEAM"], ["show", "team", "TEAM"], ["schedule", "--team", "TEAM"],
        ["add-player", "--team", "TEAM", "--name", "X", "--number", "50", "--position", "MF"],
        ["set-coach", "--team", "TEAM", "--name", "X"],
    ]

    /// Every malformed command line: about 170.
    static func all() -> [MalformedInput] {
        var inputs: [MalformedInput] = []
        for command in commands {
            for option in ["--bogus", "-z"] {
                inputs.append(
                    MalformedInput(
                        family: .argument, name: "\(command[0]) with an unknown option \(option)",
                        arguments: command + [option, "--store", "@STORE"], expected: 64))
            }
        }
        for (why, arguments) in usage {
            // An empty --store is the input itself: no store is added after it.
            let store = arguments.contains("--store") ? [] : ["--store", "@STORE"]
            inputs.append(MalformedInput(family: .argument, name: why, arguments: arguments + store, expected: 64))
        }
        for (why, arguments) in data {
            inputs.append(
                MalformedInput(family: .argument, name: why, arguments: arguments + ["--store", "@STORE"], expected: 65))
        }
        for team in unknownTeams {
            for command in teamCommands {
                inputs.append(
                    MalformedInput(
                        family: .argument, name: "\(command[0]) for an unknown team \"\(team)\"",
                        arguments: command.map { $0 == "TEAM" ? team : $0 } + ["--store", "@STORE"], expected: 65))
            }
        }
        inputs += [
            MalformedInput(
                family: .argument, name: "an export over an existing store",
                arguments: ["save", "--to", "@FILE", "--as", "sqlite", "--store", "@STORE"],
                expected: 73, file: .bytes(Data("not to be overwritten\n".utf8))),
            MalformedInput(
                family: .argument, name: "an export over an existing plist",
                arguments: ["save", "--to", "@FILE", "--store", "@STORE"],
                expected: 73, file: .bytes(Data("not to be overwritten\n".utf8))),
            MalformedInput(
                family: .argument, name: "a store exported into a missing folder",
                arguments: ["save", "--to", "@DIR/missing/export.sqlite", "--store", "@STORE"], expected: 73),
            MalformedInput(
                family: .argument, name: "a plist exported into a missing folder",
                arguments: ["save", "--to", "@DIR/missing/export.plist", "--store", "@STORE"], expected: 73),
        ]
        for (why, script, expected) in [
            ("a shell's unknown command", "bogus-command\n", 64), ("a shell's unknown option", "list teams --bogus\n", 64),
            ("a shell's unknown team", "add-player --team XYZ --name X --number 50 --position MF\n", 65),
            ("a shell's goals over 99", "result GER-POR 100:0\n", 65),
        ] as [(String, String, Int32)] {
            inputs.append(
                MalformedInput(
                    family: .argument, name: why, arguments: ["shell", "--store", "@STORE"], expected: expected, stdin: script))
        }
        return inputs
    }
}
