/// An expression a SQLite index keeps the values of: the entity's own stored attributes,
/// numeric literals, arithmetic and the deterministic functions of ``ExpressionFunction``.
///
/// A SQLite index expression takes no bound parameters and reads one row: text, dates and
/// key paths through relationships cannot be in one, and neither can `now()` nor aggregates.
/// Model text never reaches the SQL: attributes become their columns, numbers are written
/// back from their values.
indirect enum IndexExpression {
    /// A stored attribute of the entity.
    case attribute(AttributeDescription)
    /// A number (a Boolean is 1 or 0), as SQL writes it.
    case number(String)
    /// A function of single values, neither `now()` nor an aggregate.
    case function(ExpressionFunction, [IndexExpression])

    /// A reason an expression cannot be indexed.
    struct Refusal: Error {
        let reason: String
    }

    /// Parses `format`, in `NSExpression` format, and checks it against `entity`.
    ///
    /// - Throws: ``Refusal`` saying what the index cannot hold.
    init(format: String, of entity: EntityDescription) throws(Refusal) {
        let expression: FetchExpression
        do {
            expression = try PredicateParser.parseExpression(format)
        } catch {
            throw Refusal(reason: "\(error)")
        }
        self = try Self.resolve(expression, of: entity).expression
        guard !attributes.isEmpty else { throw Refusal(reason: "it reads no attribute of \(entity.name)") }
    }

    /// The attributes the expression reads, each once, in order.
    var attributes: [AttributeDescription] {
        switch self {
        case .attribute(let attribute): return [attribute]
        case .number: return []
        case .function(_, let arguments):
            var seen: Set<ObjectIdentifier> = []
            return arguments.flatMap(\.attributes).filter { seen.insert(ObjectIdentifier($0)).inserted }
        }
    }

    /// `expression` as an index expression, with the operand the fetch machinery types it as.
    private static func resolve(
        _ expression: FetchExpression, of entity: EntityDescription
    ) throws(Refusal) -> (expression: IndexExpression, operand: ResolvedOperand) {
        switch expression {
        case .keyPath(let keys):
            let name = keys.joined(separator: ".")
            guard keys.count == 1, let attribute = entity.attributesByName[name] else {
                throw Refusal(reason: "'\(name)' is not an attribute of \(entity.name) (an index reads its own row only)")
            }
            guard !attribute.isTransient else { throw Refusal(reason: "'\(name)' is transient, so it is not stored") }
            do {
                return (.attribute(attribute), .keyPath(try ResolvedKeyPath(resolving: keys, from: entity)))
            } catch {
                throw Refusal(reason: "\(error)")
            }
        case .constant(let value):
            switch value {
            case .integer(let number): return (.number(String(number)), .constant(value))
            case .double(let number) where number.isFinite: return (.number("\(number)"), .constant(value))
            case .boolean(let flag): return (.number(flag ? "1" : "0"), .constant(value))
            default:
                throw Refusal(
                    reason: "\(expression.predicateFormat) is not a number (an index takes no text, date or other constant)")
            }
        case .function(let function, let arguments) where function != .now && function.aggregate == nil:
            guard arguments.count == function.arity else {
                throw Refusal(reason: "\(function.rawValue) takes \(function.arity) argument\(function.arity == 1 ? "" : "s")")
            }
            var expressions: [IndexExpression] = []
            var operands: [ResolvedOperand] = []
            for argument in arguments {
                let resolved = try resolve(argument, of: entity)
                expressions.append(resolved.expression)
                operands.append(resolved.operand)
            }
            do {
                let typed = try ResolvedFunction(function, operands, format: expression.predicateFormat)
                return (.function(function, expressions), .function(typed))
            } catch {
                throw Refusal(reason: error.reason)
            }
        case .function(let function, _):
            throw Refusal(
                reason: function == .now
                    ? "now() changes from one call to the next" : "\(function.rawValue) reads other rows than the object's")
        case .aggregate, .subquery:
            throw Refusal(reason: "\(expression.predicateFormat) reads other rows than the object's")
        case .object, .list, .variable, .evaluatedObject:
            throw Refusal(reason: "\(expression.predicateFormat) is not a value of the object's own row")
        }
    }
}
