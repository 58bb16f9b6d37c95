/// The words of a script line sorted into option values, flags and positional arguments, for
/// ``ScriptSyntax``.
struct ScriptLine {
    /// The value of each option given.
    var values: [String: String] = [:]
    /// The flags given.
    var flags: Set<String> = []
    /// The positional arguments not yet taken, in order.
    var positionals: ArraySlice<String> = []

    /// Sorts `words`, or returns `nil` for anything the fast path leaves to
    /// swift-argument-parser: an option not in `takesValue`, one given twice, a missing value,
    /// a value or argument starting with `-`, a flag with `=`, short options and `--`.
    ///
    /// - Parameter takesValue: Each long option's name, and whether it takes a value.
    init?(_ words: ArraySlice<String>, takesValue: [String: Bool]) {
        var positionals: [String] = []
        var words = words
        let dash = UInt8(ascii: "-")
        while let word = words.popFirst() {
            var bytes = word.utf8.makeIterator()
            guard bytes.next() == dash else {
                positionals.append(word)
                continue
            }
            guard bytes.next() == dash else { return nil }
            var name = word.dropFirst(2)
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            let option = String(name)
            guard let takes = takesValue[option], values[option] == nil, !flags.contains(option) else { return nil }
            if takes {
                guard let given = value ?? words.popFirst(), given.utf8.first != dash else { return nil }
                values[option] = given
            } else {
                guard value == nil else { return nil }
                flags.insert(option)
            }
        }
        self.positionals = positionals[...]
    }
}
