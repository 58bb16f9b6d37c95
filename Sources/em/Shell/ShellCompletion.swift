import ArgumentParser
import EMPlanner
import Foundation

/// What Tab offers at the prompt of `em shell`: command and subcommand names, the long options
/// of the command being typed, and the team codes, match ids and group names of the open
/// tournament where a command takes a team, a match or a group.
///
/// The commands and their options are read from the grammar's help (its arguments' value
/// names, `team` or `match`, tell what a value is), the values from the tournament at each
/// Tab, so teams and matches added in the shell are offered too.
struct ShellCompletion {
    /// What a value of an option or argument is.
    enum Value {
        /// A team, or one of several: its code is offered.
        case team
        /// A match: its id is offered.
        case match
        /// A group: its name is offered.
        case group

        /// The value the help calls `name` (`team`, `teams`, `match`, `group`), if completion
        /// knows such values.
        init?(valueName name: String) {
            switch name {
            case "team", "teams": self = .team
            case "match": self = .match
            case "group": self = .group
            default: return nil
            }
        }
    }

    /// Options a shell line may not give: the shell works on the store it opened.
    static let refusedOptions: Set<String> = ["store"]

    /// The grammar's root command, as its help describes it.
    private let root: CommandInfo
    /// The values offered for a kind of value.
    private let values: (Value) -> [String]

    /// Completion of the commands of `grammar`, offering `values` for teams, matches and
    /// groups.
    init(grammar: any ParsableCommand.Type, values: @escaping (Value) -> [String]) {
        let help = try? JSONDecoder().decode(HelpDump.self, from: Data(grammar._dumpHelp().utf8))
        self.root = help?.command ?? CommandInfo(commandName: "", subcommands: nil, arguments: nil)
        self.values = values
    }

    /// Completion of the shell's commands, offering the teams, matches and groups of
    /// `tournament`.
    init(tournament: Tournament) {
        self.init(grammar: ShellGrammar.self) { value in
            switch value {
            case .team: ((try? tournament.lookup.teamSummaries()) ?? []).compactMap(\.code)
            case .match: ((try? tournament.lookup.matchSummaries()) ?? []).map { String($0.id) }
            case .group: ((try? tournament.lookup.groupSummaries()) ?? []).compactMap(\.name)
            }
        }
    }

    /// The words that may replace `word`, the one being typed after `words`, each starting
    /// with it (ignoring case), in the order offered.
    func candidates(for word: String, after words: [String]) -> [String] {
        var command = root
        var rest = words[...]
        while let name = rest.first, let subcommand = command.subcommand(named: name) {
            command = subcommand
            rest = rest.dropFirst()
        }
        if !rest.isEmpty || word.hasPrefix("-"), let subcommand = command.defaultSubcommand {
            command = subcommand
        }
        var positionals = 0
        var pendingOption: ArgumentInfo?
        for given in rest {
            if pendingOption != nil {
                pendingOption = nil
            } else if given.hasPrefix("--") {
                let option = given.contains("=") ? nil : command.option(named: String(given.dropFirst(2)))
                pendingOption = option?.takesValue == true ? option : nil
            } else if !given.hasPrefix("-") {
                positionals += 1
            }
        }
        let offered: [String]
        if let option = pendingOption {
            offered = option.completions(values)
        } else if word.hasPrefix("-") {
            offered = command.longOptions.filter { !Self.refusedOptions.contains($0) }.map { "--\($0)" }
        } else if rest.isEmpty, let subcommands = command.subcommands, !subcommands.isEmpty {
            offered = subcommands.flatMap(\.names)
        } else {
            offered = command.positional(at: positionals)?.completions(values) ?? []
        }
        return offered.filter { $0.lowercased().hasPrefix(word.lowercased()) }
    }
}

extension ShellCompletion {
    /// The help of a grammar, as swift-argument-parser dumps it (the parts read here).
    private struct HelpDump: Decodable {
        /// The root command.
        let command: CommandInfo
    }

    /// A command in the help: its names, subcommands and arguments.
    private struct CommandInfo: Decodable {
        /// The command's name.
        let commandName: String
        /// Other names of the command (`exit` for `quit`).
        var aliases: [String]?
        /// The commands under this one.
        let subcommands: [CommandInfo]?
        /// The options, flags and positional arguments.
        let arguments: [ArgumentInfo]?
        /// The name of the subcommand run when none is named (`schedule`'s `show`).
        var defaultSubcommandName: String?

        /// The keys of the help's fields read here.
        private enum CodingKeys: String, CodingKey {
            case commandName, aliases, subcommands, arguments
            case defaultSubcommandName = "defaultSubcommand"
        }

        /// The names the command goes by.
        var names: [String] { [commandName] + (aliases ?? []) }

        /// The long names of the options and flags shown in help.
        var longOptions: [String] { (arguments ?? []).filter(\.shouldDisplay).compactMap(\.longName) }

        /// The subcommand run when none is named.
        var defaultSubcommand: CommandInfo? { defaultSubcommandName.flatMap(subcommand(named:)) }

        /// The subcommand called `name`.
        func subcommand(named name: String) -> CommandInfo? {
            subcommands?.first { $0.names.contains(name) }
        }

        /// The option or flag with the long name `name`.
        func option(named name: String) -> ArgumentInfo? {
            arguments?.first { $0.longName == name }
        }

        /// The positional argument at `index`, the last one for any after it if that one
        /// repeats.
        func positional(at index: Int) -> ArgumentInfo? {
            let positionals = (arguments ?? []).filter { $0.kind == "positional" }
            if index < positionals.count { return positionals[index] }
            return positionals.last?.isRepeating == true ? positionals.last : nil
        }
    }

    /// An option, flag or positional argument in the help.
    private struct ArgumentInfo: Decodable {
        /// One name of an argument.
        struct Name: Decodable {
            /// `long`, `short` or `longWithSingleDash`.
            let kind: String
            /// The name without dashes.
            let name: String
        }

        /// `option`, `flag` or `positional`.
        let kind: String
        /// The argument's names (none for a positional one).
        let names: [Name]?
        /// What the help calls its value (`team`, `match`).
        let valueName: String?
        /// The values it takes, when they are a fixed few (`table`, `csv`, `json`).
        let allValues: [String]?
        /// Whether it may be given more than once.
        let isRepeating: Bool
        /// Whether help shows it.
        let shouldDisplay: Bool

        /// The long name, if it has one.
        var longName: String? { names?.first { $0.kind == "long" }?.name }
        /// Whether an option's name is followed by a value.
        var takesValue: Bool { kind == "option" }
        /// The values offered for it: those of the tournament, the fixed few, or none.
        func completions(_ values: (Value) -> [String]) -> [String] {
            valueName.flatMap(Value.init(valueName:)).map(values) ?? allValues ?? []
        }
    }
}
