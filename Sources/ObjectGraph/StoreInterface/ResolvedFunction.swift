/// A function of single values, resolved and type-checked: `price * quantity`,
/// `abs(balance)`, `uppercase(name)`.
struct ResolvedFunction {
    /// The function, never ``ExpressionFunction/now`` nor an aggregate.
    let function: ExpressionFunction
    /// Its arguments, single values.
    let arguments: [ResolvedOperand]
    /// The type of its values.
    let result: AttributeType
    /// The function as written, for errors.
    let format: String

    /// Checks that `arguments` have types `function` computes with, and finds the result's.
    ///
    /// `+`, `-`, `*`, `/` take numbers (Booleans too) and dates; `/` gives a Double, the
    /// others an Integer 64 for integers (and Booleans), a Date for a date plus a number or
    /// minus one, else a Double. `modulus:by:`, `&` and `|` take integers and give one. `abs:`
    /// takes a number and gives an Integer 64 or a Double. `uppercase:`, `lowercase:` and
    /// `canonical:` take and give strings. A null constant fits every argument.
    ///
    /// - Throws: ``UnsupportedFetchError`` naming the function and the argument at fault.
    init(_ function: ExpressionFunction, _ arguments: [ResolvedOperand], format: String) throws(UnsupportedFetchError) {
        self.function = function
        self.arguments = arguments
        self.format = format
        let types = arguments.map(\.valueType)
        func require(_ accepted: (AttributeType) -> Bool, _ what: String) throws(UnsupportedFetchError) {
            for (argument, type) in zip(arguments, types) {
                if case .constant(.null) = argument { continue }
                guard let type, accepted(type) else {
                    let found = argument.typing.map { "'\($0.name)' yields \($0.yield.name)" } ?? "an object is given"
                    throw UnsupportedFetchError(fragment: format, reason: "\(function.rawValue) takes \(what); \(found)")
                }
            }
        }
        let isInteger = { (type: AttributeType) in type.isInteger || type == .boolean }
        let isNumber = { (type: AttributeType) in type.isNumeric || type == .boolean }
        let bothIntegers = types.allSatisfy { $0.map(isInteger) ?? true }
        switch function {
        case .uppercase, .lowercase, .canonical:
            try require({ $0 == .string }, "strings")
            result = .string
        case .abs:
            try require(isNumber, "numbers")
            result = bothIntegers ? .integer64 : .double
        case .modulus, .bitwiseAnd, .bitwiseOr:
            try require(isInteger, "integers")
            result = .integer64
        case .divide:
            try require({ isNumber($0) || $0 == .date }, "numbers or dates")
            result = .double
        default:
            try require({ isNumber($0) || $0 == .date }, "numbers or dates")
            let (left, right) = (types[0], types[1])
            switch function {
            case _ where bothIntegers: result = .integer64
            case .add where (left == .date) != (right == .date): result = .date
            case .subtract where left == .date && right != .date: result = .date
            default: result = .double
            }
        }
    }
}

extension AttributeType {
    /// The type of a constant's values: Integer 64 for integers, Binary for data; `nil` for
    /// null.
    init?(of value: AttributeValue) {
        switch value {
        case .null: return nil
        case .integer: self = .integer64
        case .double: self = .double
        case .decimal: self = .decimal
        case .string: self = .string
        case .boolean: self = .boolean
        case .date: self = .date
        case .data: self = .binary
        case .uuid: self = .uuid
        case .uri: self = .uri
        }
    }
}
