import ArgumentParser
import EMPlanner

/// The commands of a grammar that command lines make on the fast path (``ScriptSyntax``), by
/// the words that name them (`add-player`, `schedule add`).
final class ScriptCommands {
    /// The grammar's root.
    private let grammar: any ParsableCommand.Type
    /// Each command's parser once asked for, `nil` for one without a syntax: a syntax is made
    /// on first use, as a script uses a few commands and a process one.
    private var parsers: [ObjectIdentifier: ((ArraySlice<String>) -> (any ParsableCommand)?)?] = [:]

    /// The commands under `grammar`, at any depth.
    init(_ grammar: any ParsableCommand.Type) {
        self.grammar = grammar
    }

    /// The command `words` make, or `nil` when the fast path is not sure of them (see
    /// ``ScriptSyntax/parse(_:)``): swift-argument-parser is then to parse them.
    func command(_ words: [String]) -> (any ParsableCommand)? {
        var level = grammar.configuration.subcommands
        var named = 0
        while named < words.count, let type = level.first(where: { $0.configuration.commandName == words[named] }) {
            named += 1
            if let parse = parser(of: type) { return parse(words.dropFirst(named)) }
            level = type.configuration.subcommands
        }
        return nil
    }

    /// The command `words` make: on the fast path when it is sure of them, else parsed by
    /// swift-argument-parser, which words every usage error but an unknown command name.
    ///
    /// - Throws: ``EMError/usage(_:)`` for an unknown command (with suggestions) or a negative
    ///   score, and what the argument parser throws.
    func parse(_ words: [String]) throws -> any ParsableCommand {
        if let command = command(words) { return command }
        try checkCommandName(words)
        // swift-argument-parser takes a word starting with `-` for an option: it would call a
        // negative score (`em result 1 -1:0`) a missing argument.
        if let problem = words.lazy.filter({ $0.hasPrefix("-") }).compactMap(ScoreArgument.negativeGoals).first {
            throw EMError.usage(problem)
        }
        return try grammar.parseAsRoot(words)
    }

    /// Refuses `words` that begin with no command of the grammar, suggesting the closest names;
    /// `help` followed by such words too.
    ///
    /// swift-argument-parser would call `standing` an unexpected argument. Under a command
    /// with a default subcommand (`schedule`), only a word close to a subcommand's name is
    /// refused.
    ///
    /// - Throws: ``EMError/usage(_:)``.
    private func checkCommandName(_ words: [String]) throws {
        var command = grammar
        var path = [grammar.configuration.commandName ?? ""].filter { !$0.isEmpty }
        for word in words {
            let level = command.configuration.subcommands
            // `help` is swift-argument-parser's own command, at every level: the words after it
            // name a command from there, as they would without it.
            if word == "help" { continue }
            guard !word.hasPrefix("-"), !level.isEmpty else { return }
            var names: [String] = []
            var next: (any ParsableCommand.Type)?
            for type in level {
                let configuration = type.configuration
                let typeNames = [configuration.commandName ?? ""] + configuration.aliases
                if typeNames.contains(word) { next = type }
                names += typeNames
            }
            guard let next else {
                let hint = Suggestions.closest(to: word, among: names).map { "'\($0)'" }
                // Under a default subcommand (`schedule`), the word may be that one's argument.
                if command.configuration.defaultSubcommand != nil, hint.isEmpty { return }
                let help = path.isEmpty ? "help" : "\(path.joined(separator: " ")) --help"
                throw EMError.usage(
                    "unknown command '\(word)'"
                        + (hint.isEmpty ? " (see '\(help)')" : ": did you mean \(hint.joined(separator: " or "))?"))
            }
            command = next
            path.append(word)
        }
    }

    /// The parser of `type`, if it has a syntax.
    private func parser(of type: any ParsableCommand.Type) -> ((ArraySlice<String>) -> (any ParsableCommand)?)? {
        if let known = parsers[ObjectIdentifier(type)] { return known }
        let parser = (type as? any (ScriptParsable & ParsableCommand).Type).map { Self.syntaxParser(of: $0) }
        parsers[ObjectIdentifier(type)] = parser
        return parser
    }

    private static func syntaxParser<Command: ScriptParsable & ParsableCommand>(
        of type: Command.Type
    ) -> (ArraySlice<String>) -> (any ParsableCommand)? {
        let syntax = Command.scriptSyntax
        return { syntax.parse($0) }
    }
}
