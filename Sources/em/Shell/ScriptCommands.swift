import ArgumentParser

/// The commands of a grammar that script lines make on the fast path (``ScriptSyntax``), by
/// the words that name them (`add-player`, `schedule add`).
final class ScriptCommands {
    /// The fast-path commands by the words that name them.
    private var types: [[String]: any (ScriptParsable & ParsableCommand).Type] = [:]
    /// The parsers of the commands met so far: a syntax is made on first use, as most scripts
    /// use a few commands.
    private var parsers: [[String]: (ArraySlice<String>) -> (any ParsableCommand)?] = [:]

    /// The ``ScriptParsable`` commands under `grammar`, at any depth.
    init(_ grammar: any ParsableCommand.Type) {
        add(grammar.configuration.subcommands, under: [])
    }

    private func add(_ commands: [any ParsableCommand.Type], under path: [String]) {
        for command in commands {
            guard let name = command.configuration.commandName else { continue }
            if let parsable = command as? any (ScriptParsable & ParsableCommand).Type { types[path + [name]] = parsable }
            add(command.configuration.subcommands, under: path + [name])
        }
    }

    private static func parser<Command: ScriptParsable & ParsableCommand>(
        of type: Command.Type
    ) -> (ArraySlice<String>) -> (any ParsableCommand)? {
        let syntax = Command.scriptSyntax
        return { syntax.parse($0) }
    }

    /// The command `words` make, or `nil` when the fast path is not sure of them (see
    /// ``ScriptSyntax/parse(_:)``): swift-argument-parser is then to parse them.
    func command(_ words: [String]) -> (any ParsableCommand)? {
        for length in [1, 2] where length <= words.count {
            let name = Array(words.prefix(length))
            if let parse = parsers[name] { return parse(words.dropFirst(length)) }
            if let type = types[name] {
                let parse = Self.parser(of: type)
                parsers[name] = parse
                return parse(words.dropFirst(length))
            }
        }
        return nil
    }
}
