import ArgumentParser

/// The options and arguments of a command, listed once more for the fast path: a line of
/// `em shell` or `em run`, or a command line, becomes the command without
/// swift-argument-parser, whose parse reflects on the command's properties every time (about
/// 1.7 M instructions a script line, most of a script's cost, and half of a one-shot `em list`).
///
/// The fast path takes only what it is sure of: long options (`--name value`, `--name=value`),
/// flags and positional arguments, each at most once, no value that starts with `-`, every
/// required one present, values that convert and a command that validates. For anything else
/// (help, a typo, a missing value, an unknown option) ``parse(_:)`` returns `nil` and the line
/// goes to swift-argument-parser, which then also words the error. The tests parse lines both
/// ways and compare the commands made, and compare each list with the command's help.
struct ScriptSyntax<Command: ParsableArguments> {
    /// One property: the options it takes and how it is set from a parsed line.
    struct Field {
        /// The long options this field reads (without `--`), each with whether it takes a value.
        let options: [(name: String, takesValue: Bool)]
        /// Sets the property from the line; `false` when a value does not convert or a required
        /// one is missing.
        let assign: (inout Command, inout ScriptLine) -> Bool
    }

    /// The command's fields, positional ones in the order of the command line.
    let fields: [Field]
    /// What each option name takes: a value, or nothing (a flag).
    private let takesValue: [String: Bool]
    /// The command before any field is set, made once: making one declares every property
    /// anew, which costs more than the rest of a line's parse.
    private let blank = Command()

    /// A syntax of `fields`; every stored property of the command must have one.
    init(_ fields: [Field]) {
        self.fields = fields
        var takesValue: [String: Bool] = [:]
        for field in fields {
            for option in field.options { takesValue[option.name] = option.takesValue }
        }
        self.takesValue = takesValue
    }

    /// The command `words` (the words after the command's name) make, or `nil` when the fast
    /// path is not sure of them.
    func parse(_ words: ArraySlice<String>) -> Command? {
        guard var line = ScriptLine(words, takesValue: takesValue) else { return nil }
        var command = blank
        for field in fields where !field.assign(&command, &line) { return nil }
        guard line.positionals.isEmpty, (try? command.validate()) != nil else { return nil }
        return command
    }
}

extension ScriptSyntax.Field {
    /// A required option: `--name value`.
    static func option<Value: ExpressibleByArgument>(_ name: String, _ set: @escaping (inout Command, Value) -> Void) -> Self {
        Self(options: [(name, true)]) { command, line in
            guard let text = line.values[name], let value = Value(argument: text) else { return false }
            set(&command, value)
            return true
        }
    }

    /// An option with a default value, `value` when absent.
    static func option<Value: ExpressibleByArgument>(
        _ name: String, default value: Value, _ set: @escaping (inout Command, Value) -> Void
    ) -> Self {
        Self(options: [(name, true)]) { command, line in
            guard let text = line.values[name] else {
                set(&command, value)
                return true
            }
            guard let value = Value(argument: text) else { return false }
            set(&command, value)
            return true
        }
    }

    /// A repeatable option, given at most once on the fast path: none or one value.
    static func option<Value: ExpressibleByArgument>(_ name: String, _ set: @escaping (inout Command, [Value]) -> Void) -> Self {
        Self(options: [(name, true)]) { command, line in
            guard let text = line.values[name] else {
                set(&command, [])
                return true
            }
            guard let value = Value(argument: text) else { return false }
            set(&command, [value])
            return true
        }
    }

    /// An optional option, `nil` when absent.
    static func option<Value: ExpressibleByArgument>(_ name: String, _ set: @escaping (inout Command, Value?) -> Void) -> Self {
        Self(options: [(name, true)]) { command, line in
            guard let text = line.values[name] else {
                set(&command, nil)
                return true
            }
            guard let value = Value(argument: text) else { return false }
            set(&command, value)
            return true
        }
    }

    /// A flag, `false` when absent.
    static func flag(_ name: String, _ set: @escaping (inout Command, Bool) -> Void) -> Self {
        Self(options: [(name, false)]) { command, line in
            set(&command, line.flags.contains(name))
            return true
        }
    }

    /// A required positional argument.
    static func argument<Value: ExpressibleByArgument>(_ set: @escaping (inout Command, Value) -> Void) -> Self {
        Self(options: []) { command, line in
            guard let text = line.positionals.popFirst(), let value = Value(argument: text) else { return false }
            set(&command, value)
            return true
        }
    }

    /// An optional positional argument, `nil` when absent.
    static func argument<Value: ExpressibleByArgument>(_ set: @escaping (inout Command, Value?) -> Void) -> Self {
        Self(options: []) { command, line in
            guard let text = line.positionals.popFirst() else {
                set(&command, nil)
                return true
            }
            guard let value = Value(argument: text) else { return false }
            set(&command, value)
            return true
        }
    }

    /// The positional arguments left, possibly none.
    static func arguments<Value: ExpressibleByArgument>(_ set: @escaping (inout Command, [Value]) -> Void) -> Self {
        Self(options: []) { command, line in
            var values: [Value] = []
            while let text = line.positionals.popFirst() {
                guard let value = Value(argument: text) else { return false }
                values.append(value)
            }
            set(&command, values)
            return true
        }
    }

    /// An option group, with its own syntax.
    static func group<Group: ScriptParsable>(_ set: @escaping (inout Command, Group) -> Void) -> Self {
        let syntax = Group.scriptSyntax
        let blank = Group()
        return Self(options: syntax.fields.flatMap(\.options)) { command, line in
            var group = blank
            for field in syntax.fields where !field.assign(&group, &line) { return false }
            guard (try? group.validate()) != nil else { return false }
            set(&command, group)
            return true
        }
    }
}
