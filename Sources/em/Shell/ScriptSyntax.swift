import ArgumentParser
@_spi(Reflection) import Swift

/// The options and arguments of a command for the fast path: a line of `em shell` or `em run`,
/// or a command line, becomes the command without swift-argument-parser, whose parse reflects
/// on the command's properties every time (about 1.7 M instructions a script line, most of a
/// script's cost, and half of a one-shot `em list`).
///
/// The syntax is not declared again: it is read once from the command's stored properties,
/// the `@Option`, `@Flag`, `@Argument` and `@OptionGroup` that swift-argument-parser reads
/// (see ``ScriptProperty``). An option's name is its property's, as swift-argument-parser
/// names it by default (`dryRun` is `--dry-run`); a property named otherwise would be a
/// different option here, which the tests compare with each command's help.
///
/// The fast path takes only what it is sure of: long options (`--name value`, `--name=value`),
/// flags and positional arguments, each at most once, no value that starts with `-`, every
/// required one present, values that convert and a command that validates. For anything else
/// (help, a typo, a missing value, an unknown option) ``parse(_:)`` returns `nil` and the line
/// goes to swift-argument-parser, which then also words the error. So does an option declared
/// with a default value: its default is out of reach, so it reads as required here, and such
/// options are declared optional, the default applied where the value is read.
struct ScriptSyntax<Command: ParsableArguments> {
    /// One property: the options it takes, where it is in the command, and how it is set.
    struct Field {
        /// The property's options and how it is set from a line.
        let property: ScriptField
        /// The offset of the property's storage in the command.
        let offset: Int
    }

    /// The command's fields, in declaration order: positional ones in the order of the command
    /// line.
    let fields: [Field]
    /// What each option name takes: a value, or nothing (a flag).
    private let takesValue: [String: Bool]
    /// The command before any field is set, made once: making one declares every property
    /// anew, which costs more than the rest of a line's parse.
    private let blank = Command()

    /// The syntax the command's properties declare, or `nil` when one of them is of a kind the
    /// fast path does not take (a counted or enumerable flag, a value that is not
    /// `ExpressibleByArgument`, a stored property of no wrapper): that command is always
    /// parsed by swift-argument-parser.
    init?() {
        var fields: [Field] = []
        var complete = true
        let walked = _forEachField(of: Command.self, options: []) { label, offset, type, _ in
            guard let field = Self.field(label: String(cString: label), type: type) else {
                complete = false
                return false
            }
            fields.append(Field(property: field, offset: offset))
            return true
        }
        guard walked, complete else { return nil }
        self.fields = fields
        var takesValue: [String: Bool] = [:]
        for field in fields {
            for option in field.property.options { takesValue[option.name] = option.takesValue }
        }
        self.takesValue = takesValue
    }

    /// The command `words` (the words after the command's name) make, or `nil` when the fast
    /// path is not sure of them.
    func parse(_ words: ArraySlice<String>) -> Command? {
        guard var line = ScriptLine(words, takesValue: takesValue) else { return nil }
        var command = blank
        guard assign(&command, from: &line), line.positionals.isEmpty, (try? command.validate()) != nil else { return nil }
        return command
    }

    /// Sets every property of `command` from `line`; `false` when one cannot be set.
    func assign(_ command: inout Command, from line: inout ScriptLine) -> Bool {
        withUnsafeMutableBytes(of: &command) { storage in
            guard let base = storage.baseAddress else { return fields.isEmpty }
            return fields.allSatisfy { $0.property.assign(base + $0.offset, &line) }
        }
    }

    /// The field of the stored property `label` of type `type`, if the fast path can set it.
    private static func field(label: String, type: Any.Type) -> ScriptField? {
        // A property wrapper's storage is the property's name after an underscore.
        guard label.hasPrefix("_") else { return nil }
        let name = optionName(String(label.dropFirst()))
        if let property = type as? any ScriptProperty.Type { return property.scriptField(name: name) }
        if let property = type as? any ScriptWordsProperty.Type { return property.scriptField(name: name) }
        return nil
    }

    /// The long option swift-argument-parser names after a property by default: its words in
    /// lowercase, joined by `-` (`moveTo` is `move-to`, `homeURL` `home-url`).
    static func optionName(_ property: String) -> String {
        var name = ""
        var separates = true
        var characters = property[...]
        while let character = characters.popFirst() {
            if character.isUppercase {
                if separates, !name.isEmpty { name.append("-") }
                // Before the last capital of an acronym followed by a word ("URLSession").
                let next = characters.first
                let afterNext = characters.dropFirst().first
                separates = next?.isUppercase == true && afterNext?.isLowercase == true
            } else {
                separates = character != "-"
            }
            name += character.lowercased()
        }
        return name
    }
}
