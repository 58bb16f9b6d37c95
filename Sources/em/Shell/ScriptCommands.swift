import ArgumentParser

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
