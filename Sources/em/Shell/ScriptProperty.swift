import ArgumentParser

/// A property of a command as the fast path (``ScriptSyntax``) reads it: the long options it
/// takes, and how it is set from a line.
struct ScriptField {
    /// The long options this property reads (without `--`), each with whether it takes a value;
    /// none for a positional argument.
    let options: [(name: String, takesValue: Bool)]
    /// Sets the property wrapper at the pointer from the line; `false` when a value does not
    /// convert or a required one is missing.
    let assign: (UnsafeMutableRawPointer, inout ScriptLine) -> Bool
}

/// A property wrapper of swift-argument-parser that the fast path sets, holding one value: a
/// required option or argument, a flag, an option group.
protocol ScriptProperty {
    /// The field of a property whose long option (if it has one) is `name`, or `nil` when the
    /// fast path cannot set it.
    static func scriptField(name: String) -> ScriptField?
}

/// A property wrapper of swift-argument-parser that the fast path sets, holding an optional or
/// repeated value (``ScriptWords``).
protocol ScriptWordsProperty {
    /// The field of a property whose long option (if it has one) is `name`.
    static func scriptField(name: String) -> ScriptField?
}

/// The value of an option or argument that may be absent or repeated.
protocol ScriptWords {
    /// The value of the words given for it (on the fast path, at most one for an option), or
    /// `nil` when one does not convert or there are more than it takes.
    init?(words: [String])
}

extension Optional: ScriptWords where Wrapped: ExpressibleByArgument {
    init?(words: [String]) {
        switch words.count {
        case 0: self = .none
        case 1:
            guard let value = Wrapped(argument: words[0]) else { return nil }
            self = .some(value)
        default: return nil
        }
    }
}

extension Array: ScriptWords where Element: ExpressibleByArgument {
    init?(words: [String]) {
        var values: [Element] = []
        for word in words {
            guard let value = Element(argument: word) else { return nil }
            values.append(value)
        }
        self = values
    }
}

extension UnsafeMutableRawPointer {
    /// Sets the property wrapper of type `Wrapper` stored here.
    fileprivate func set<Wrapper>(_: Wrapper.Type, _ update: (inout Wrapper) -> Void) {
        update(&assumingMemoryBound(to: Wrapper.self).pointee)
    }
}

extension Option: ScriptProperty where Value: ExpressibleByArgument {
    static func scriptField(name: String) -> ScriptField? {
        ScriptField(options: [(name, true)]) { pointer, line in
            guard let text = line.values[name], let value = Value(argument: text) else { return false }
            pointer.set(Self.self) { $0.wrappedValue = value }
            return true
        }
    }
}

extension Option: ScriptWordsProperty where Value: ScriptWords {
    static func scriptField(name: String) -> ScriptField? {
        ScriptField(options: [(name, true)]) { pointer, line in
            guard let value = Value(words: line.values[name].map { [$0] } ?? []) else { return false }
            pointer.set(Self.self) { $0.wrappedValue = value }
            return true
        }
    }
}

extension Argument: ScriptProperty where Value: ExpressibleByArgument {
    static func scriptField(name: String) -> ScriptField? {
        ScriptField(options: []) { pointer, line in
            guard let text = line.positionals.popFirst(), let value = Value(argument: text) else { return false }
            pointer.set(Self.self) { $0.wrappedValue = value }
            return true
        }
    }
}

extension Argument: ScriptWordsProperty where Value: ScriptWords {
    /// An optional argument takes the next positional word if there is one; a repeated one
    /// takes them all.
    static func scriptField(name: String) -> ScriptField? {
        let takesAll = Value.self is any RangeReplaceableCollection.Type
        return ScriptField(options: []) { pointer, line in
            let words = takesAll ? Array(line.positionals) : line.positionals.first.map { [$0] } ?? []
            line.positionals.removeFirst(words.count)
            guard let value = Value(words: words) else { return false }
            pointer.set(Self.self) { $0.wrappedValue = value }
            return true
        }
    }
}

extension Flag: ScriptProperty where Value == Bool {
    /// A flag is `false` when absent.
    static func scriptField(name: String) -> ScriptField? {
        ScriptField(options: [(name, false)]) { pointer, line in
            let given = line.flags.contains(name)
            pointer.set(Self.self) { $0.wrappedValue = given }
            return true
        }
    }
}

extension OptionGroup: ScriptProperty {
    /// A group is set from the group's own syntax and validated as the parser would.
    static func scriptField(name: String) -> ScriptField? {
        guard let syntax = ScriptSyntax<Value>() else { return nil }
        let blank = Value()
        return ScriptField(options: syntax.fields.flatMap(\.property.options)) { pointer, line in
            var group = blank
            guard syntax.assign(&group, from: &line), (try? group.validate()) != nil else { return false }
            pointer.set(Self.self) { $0.wrappedValue = group }
            return true
        }
    }
}
