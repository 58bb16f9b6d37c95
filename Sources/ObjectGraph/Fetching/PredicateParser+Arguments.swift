/// The `%`-specifiers (`%@`, `%K`, `%d`, `%f`): the arguments given with the format, in order.
extension PredicateParser {
    /// The argument for the specifier `token`, the next one in order.
    private mutating func nextArgument(at token: PredicateToken) throws(FetchPredicateError) -> (index: Int, value: Any?) {
        let index = argumentIndex
        argumentIndex += 1
        guard index < arguments.count else {
            throw FetchPredicateError(format: format, column: token.column, .missingArgument(index: index))
        }
        return (index, FetchExpression.unwrappingOptionals(arguments[index]))
    }

    /// The keys of the key path string given for `%K` at `token`.
    mutating func keyPathArgument(at token: PredicateToken) throws(FetchPredicateError) -> [KeyComponent] {
        let (index, value) = try nextArgument(at: token)
        return try keyComponents(of: value, index: index, at: token)
    }

    /// The keys of `value`, the key path string given for `%K` at `token`.
    private func keyComponents(of value: Any?, index: Int, at token: PredicateToken) throws(FetchPredicateError)
        -> [KeyComponent]
    {
        guard let path = FetchExpression.string(from: value) else {
            throw FetchPredicateError(
                format: format, column: token.column,
                .unsupportedArgument(index: index, type: FetchExpression.typeName(of: value)))
        }
        let keys = path.split(separator: ".", omittingEmptySubsequences: false)
        guard !keys.contains(where: \.isEmpty) else {
            throw FetchPredicateError(format: format, column: token.column, .syntax(expected: "a key path for %K", found: path))
        }
        return keys.map { key in
            key.first == "@"
                ? KeyComponent(name: String(key.dropFirst()), isOperator: true, column: token.column)
                : KeyComponent(name: String(key), isOperator: false, column: token.column)
        }
    }

    /// The expression for a value specifier (`%@`, `%d`, `%f`) at `token`.
    mutating func argument(
        _ specifier: PredicateToken.FormatSpecifier, at token: PredicateToken
    ) throws(FetchPredicateError) -> FetchExpression {
        let (index, value) = try nextArgument(at: token)
        func unsupported() -> FetchPredicateError {
            FetchPredicateError(
                format: format, column: token.column,
                .unsupportedArgument(index: index, type: FetchExpression.typeName(of: value)))
        }
        switch specifier {
        case .object:
            do {
                return try FetchExpression(argument: value)
            } catch {
                throw FetchPredicateError(
                    format: format, column: token.column, .unsupportedArgument(index: index, type: error.type))
            }
        case .keyPath:
            return try keyPathExpression(keyComponents(of: value, index: index, at: token))
        case .integer:
            guard let integer = FetchExpression.integer(from: value) else { throw unsupported() }
            return .constant(.integer(integer))
        case .double:
            guard let real = FetchExpression.double(from: value) else { throw unsupported() }
            return .constant(.double(real))
        }
    }
}
