/// The key path grammar: keys, collection operators and positions in brackets.
extension PredicateParser {
    /// Reads `key.key.@function.key` starting at the current token; a key may be `%K`.
    mutating func keyPath() throws(FetchPredicateError) -> FetchExpression {
        var components: [KeyComponent] = []
        while true {
            switch current.kind {
            case .identifier(let name, _):
                components.append(KeyComponent(name: name, isOperator: false, column: current.column))
            case .collectionOperator(let name):
                components.append(KeyComponent(name: name, isOperator: true, column: current.column))
            case .specifier(.keyPath):
                components += try keyPathArgument(at: current)
            default:
                throw unexpected("a key after '.'")
            }
            _ = try advance()
            guard isSymbol(".") else { break }
            _ = try advance()
        }
        let path = try keyPathExpression(components)
        guard isSymbol("[") else { return path }
        return try index(of: path)
    }

    /// `keyPath[SIZE]`, the count of a to-many, or `keyPath[FIRST]`, `keyPath[LAST]`,
    /// `keyPath[n]`, a member of an ordered to-many (a key path component in brackets), which
    /// a key path may continue from (`tracks[LAST].title`).
    mutating func index(of path: FetchExpression) throws(FetchPredicateError) -> FetchExpression {
        _ = try advance()
        let expected = "SIZE, FIRST, LAST or a position from 0 in brackets"
        guard case .keyPath(let keys) = path, !keys.isEmpty else { throw unexpected(expected) }
        if isKeyword("SIZE") {
            _ = try advance()
            try expect("]", "']' after SIZE")
            return .aggregate(.count, relationshipPath: keys, attribute: nil)
        }
        let position: ElementPosition
        switch current.kind {
        case .identifier(let word, escaped: false) where word.uppercased() == "FIRST": position = .first
        case .identifier(let word, escaped: false) where word.uppercased() == "LAST": position = .last
        case .integer(let index) where index >= 0 && index <= Int.max: position = .index(Int(index))
        default: throw unexpected(expected)
        }
        _ = try advance()
        try expect("]", "']' after the position")
        let prefix = keys + [position.component]
        guard isSymbol(".") else { return .keyPath(prefix) }
        _ = try advance()
        switch try keyPath() {
        case .keyPath(let rest): return .keyPath(prefix + rest)
        case .aggregate(let function, let relationshipPath, let attribute):
            return .aggregate(function, relationshipPath: prefix + relationshipPath, attribute: attribute)
        default: throw unexpected("a key after '.'")
        }
    }

    /// One step of a key path: a key, or a collection operator's name.
    struct KeyComponent {
        var name: String
        var isOperator: Bool
        var column: Int
    }

    func keyPathExpression(_ components: [KeyComponent]) throws(FetchPredicateError) -> FetchExpression {
        guard let index = components.firstIndex(where: \.isOperator) else {
            return .keyPath(components.map(\.name))
        }
        let op = components[index]
        guard let function = AggregateFunction(rawValue: op.name.lowercased()) else {
            throw FetchPredicateError(
                format: format, column: op.column,
                .syntax(expected: "a collection operator (@count, @sum, @avg, @min or @max)", found: "@\(op.name)"))
        }
        let attribute = components[(index + 1)...]
        if let extra = attribute.first(where: \.isOperator) {
            throw FetchPredicateError(
                format: format, column: extra.column,
                .syntax(expected: "a key after '@\(op.name)'", found: "@\(extra.name)"))
        }
        return .aggregate(
            function, relationshipPath: components[..<index].map(\.name),
            attribute: attribute.isEmpty ? nil : attribute.map(\.name).joined(separator: "."))
    }
}
