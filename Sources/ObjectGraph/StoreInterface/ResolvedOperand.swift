import Foundation

/// One value a side of a resolved comparison stands for.
indirect enum ResolvedOperand {
    /// A literal value.
    case constant(AttributeValue)
    /// A managed object, by its ID.
    case object(ManagedObjectID)
    /// `SELF`: the evaluated object.
    case evaluatedObject
    /// A key path (perhaps ending in a collection operator) from the evaluated object.
    case keyPath(ResolvedKeyPath)
    /// A function of single values (``ExpressionFunction/apply(to:result:)``) that depends on
    /// the evaluated object.
    case function(ResolvedFunction)
    /// `SUBQUERY(…).@count`.
    case subqueryCount(ResolvedSubquery)

    /// Resolves one side of `comparison` from `entity`.
    ///
    /// Functions take single values of the types they compute with (numbers and dates for
    /// `+`, `-`, `*`, `/`; integers for `modulus:by:`, `&`, `|`; numbers for `abs:`; strings
    /// for `uppercase:`, `lowercase:`); `now()`, and a function of constants only, become a
    /// constant. `count:`, `sum:`, `average:`, `min:`, `max:` take a list of constants, a key
    /// path through one to-many ending in an attribute (`sum(players.number)` is
    /// `players.@sum.number`; for `count:` the to-many itself), or for `count:` a `SUBQUERY`.
    ///
    /// - Parameters:
    ///   - expression: The side.
    ///   - entity: The entity of the evaluated objects.
    ///   - allowsCollection: Whether a key path here may yield a collection.
    ///   - comparison: The comparison, named in errors.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)``, ``FetchPredicateError`` for a
    ///   variable left, or ``UnsupportedFetchError``.
    init(
        _ expression: FetchExpression, from entity: EntityDescription, allowsCollection: Bool,
        in comparison: ComparisonPredicate
    ) throws {
        func unsupported(_ reason: String) -> UnsupportedFetchError {
            UnsupportedFetchError(fragment: comparison.predicateFormat, reason: reason)
        }
        switch expression {
        case .variable(let name):
            throw FetchPredicateError(format: comparison.predicateFormat, column: 0, .missingVariable(name))
        case .list:
            throw unsupported("a list can only stand on the right of IN or BETWEEN")
        case .constant(let value):
            self = .constant(value)
        case .object(let id):
            self = .object(id)
        case .evaluatedObject:
            self = .evaluatedObject
        case .keyPath, .aggregate:
            let path = try ResolvedKeyPath(expression, from: entity)!
            if path.readsTransientProperty {
                throw unsupported(
                    "'\(path.keyPath)' reads a transient property, which is not stored and cannot be fetched by")
            }
            if !allowsCollection, path.yieldsCollection {
                throw unsupported(
                    "'\(path.keyPath)' yields many values; it can only stand on the left, or on the right of IN")
            }
            self = .keyPath(path)
        case .subquery:
            throw unsupported("a SUBQUERY yields objects; compare its count, as in SUBQUERY(…).@count > 0")
        case .function(let function, let arguments) where arguments.count != function.arity:
            throw unsupported("\(function.rawValue) takes \(function.arity) argument\(function.arity == 1 ? "" : "s")")
        case .function(.now, _):
            self = .constant(.date(Date()))
        case .function(let function, let arguments) where function.aggregate != nil:
            self = try Self.aggregate(function, of: arguments[0], from: entity, in: comparison)
        case .function(let function, let arguments):
            let operands = try arguments.map {
                try ResolvedOperand($0, from: entity, allowsCollection: false, in: comparison)
            }
            let resolved = try ResolvedFunction(function, operands, format: expression.predicateFormat)
            if let constants = operands.constants {
                self = .constant(function.apply(to: constants, result: resolved.result))
            } else {
                self = .function(resolved)
            }
        }
    }

    /// `count:`, `sum:`, `average:`, `min:` or `max:` of `argument`.
    private static func aggregate(
        _ function: ExpressionFunction, of argument: FetchExpression, from entity: EntityDescription,
        in comparison: ComparisonPredicate
    ) throws -> ResolvedOperand {
        let aggregate = function.aggregate!
        func unsupported() -> UnsupportedFetchError {
            UnsupportedFetchError(
                fragment: comparison.predicateFormat,
                reason:
                    "\(function.rawValue) takes a list of constants, a key path through a to-many relationship"
                    + (function == .count ? ", or a SUBQUERY" : " ending in an attribute"))
        }
        switch argument {
        case .list(let items):
            let operands = try items.map { try ResolvedOperand($0, from: entity, allowsCollection: false, in: comparison) }
            guard let values = operands.constants else { throw unsupported() }
            let counted = aggregate == .count ? values : values.filter { !KeyPathValue($0).isNull }
            return .constant(PredicateEvaluator.aggregate(aggregate, of: counted, count: values.count))
        case .keyPath(let keys) where !keys.isEmpty:
            let components =
                aggregate == .count ? keys + ["@count"] : Array(keys.dropLast()) + ["@\(aggregate.rawValue)", keys.last!]
            return .keyPath(try ResolvedKeyPath(resolving: components, from: entity))
        case .subquery(let collection, let variable, let predicate) where aggregate == .count:
            return .subqueryCount(
                try ResolvedSubquery(
                    collection: collection, variable: variable, predicate: predicate, from: entity, in: comparison))
        default:
            throw unsupported()
        }
    }

    /// The name and what the operand yields, for an operand whose values a literal must fit: a
    /// key path, a function, a subquery's count.
    var typing: (name: String, yield: ResolvedKeyPath.Yield)? {
        switch self {
        case .keyPath(let path): return (path.keyPath, path.yield)
        case .function(let function): return (function.format, .values(function.result))
        case .subqueryCount(let subquery): return (subquery.format, .values(.integer64))
        case .constant, .object, .evaluatedObject: return nil
        }
    }

    /// The type of the values the operand yields, `nil` for null and for objects.
    var valueType: AttributeType? {
        switch self {
        case .constant(let value): return value.isNull ? nil : AttributeType(of: value)
        case .object, .evaluatedObject: return nil
        case .keyPath, .function, .subqueryCount:
            guard case .values(let type)? = typing?.yield else { return nil }
            return type
        }
    }

    /// The relationships of the evaluated object's entity that the operand's key paths leave
    /// it by (the first relationship of each).
    var firstRelationships: [RelationshipDescription] {
        switch self {
        case .constant, .object, .evaluatedObject:
            return []
        case .keyPath(let path):
            if let first = path.steps.first { return [first] }
            switch path.terminal {
            case .attribute: return []
            case .relationship(let relationship), .aggregate(_, let relationship, _), .element(_, let relationship, _):
                return [relationship]
            }
        case .function(let function):
            return function.arguments.flatMap(\.firstRelationships)
        case .subqueryCount(let subquery):
            return [subquery.path.steps.first ?? subquery.relationship]
        }
    }

    /// The destination entities of the relationships the operand's key paths walk.
    var entitiesReached: [EntityDescription] {
        switch self {
        case .constant, .object, .evaluatedObject:
            return []
        case .keyPath(let path):
            var reached = path.steps.map(\.destinationEntity)
            if case .aggregate(_, let relationship, _) = path.terminal { reached.append(relationship.destinationEntity) }
            if case .element(_, let relationship, let rest) = path.terminal {
                reached += [relationship.destinationEntity] + (rest.map { ResolvedOperand.keyPath($0).entitiesReached } ?? [])
            }
            return reached
        case .function(let function):
            return function.arguments.flatMap(\.entitiesReached)
        case .subqueryCount(let subquery):
            return subquery.path.steps.map(\.destinationEntity) + [subquery.relationship.destinationEntity]
                + subquery.predicate.entitiesReached
        }
    }
}

extension [ResolvedOperand] {
    /// The values of the operands when all are constants, else `nil`.
    fileprivate var constants: [AttributeValue]? {
        var values: [AttributeValue] = []
        for operand in self {
            guard case .constant(let value) = operand else { return nil }
            values.append(value)
        }
        return values
    }
}
