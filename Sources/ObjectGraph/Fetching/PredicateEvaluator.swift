import Foundation

/// Evaluates predicates and sort keys on objects in memory.
///
/// These rules define what a predicate means. The SQLite store's translation produces exactly
/// the same results, and a differential test compares both on random graphs.
///
/// Predicates and sort keys come resolved (``ResolvedPredicate``, ``ResolvedOrdering``): no
/// name is looked up here, whatever the number of objects.
///
/// **Key paths.** A key path is resolved component by component from the fetched entity
/// (``ResolvedKeyPath/init(resolving:from:)``). To-one relationships continue it; an attribute or a
/// relationship ends it. A nil to-one yields null for the rest of the path. A to-many in the
/// path makes it yield a collection, flattened across several to-manys: one element per object
/// reached through the last to-many, duplicates kept; a nil to-one *after* a to-many gives a
/// null element, one *before* it gives no elements. A path ending in a relationship yields the
/// destination's identity (its object ID); `SELF` yields the object's own identity.
///
/// **Modifiers.** A single value on the left counts as a one-element collection. `ANY` (and no
/// modifier) holds when some element satisfies the comparison, `ALL` when every element does
/// (true for none), `NONE` when no element does (true for none).
///
/// **Null.** `==` holds when both sides are null, `!=` when exactly one is. Every other operator
/// (`<`, `<=`, `>`, `>=`, `BETWEEN`, `IN`, the string operators) is false when a side is null;
/// `IN` never matches a null element.
///
/// **Values.** Integers, doubles, decimals, Booleans (0 and 1) and dates (seconds since the
/// reference date) compare numerically with each other (``AttributeValue/compare(_:_:)``), an
/// integer with a double, decimal or date exactly, as SQLite does (2^53 + 1 > 2^53 as a double);
/// strings by UTF-8 bytes (SQLite's `BINARY` collation); data and UUIDs by their bytes, with
/// each other too (both are blobs); URIs by the bytes of their absolute string. Objects compare
/// by ID, for `==` and `!=` only. Values of unrelated kinds (a string and a number, an object
/// and a value, a URI and a string) are unequal and unordered: every operator is false except `!=`. Kinds are those of
/// the values, and null has none: two null values of differently typed key paths are equal. A
/// double that is NaN counts as null (SQLite stores NaN as NULL).
///
/// **Options.** `[c]` and `[d]` fold strings with ``StringFolding/fold(_:_:)`` before `==`,
/// `!=`, the orderings, `IN`, `BETWEEN` and the string operators; they leave other values,
/// URIs included, alone.
///
/// **String operators.** `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE` and `MATCHES` need a
/// string on both sides (otherwise false) and work on UTF-8 bytes (``StringMatching``); an
/// empty needle matches. `LIKE`: `*` any run, `?` one character, whole string. `MATCHES`: the
/// regular expression must match the whole string; `[c]` makes it case-insensitive, `[d]`
/// folds the subject only.
///
/// **Right side.** `IN` takes a list (elements evaluated each to one value), a key path
/// yielding a collection (its elements), or one value (then it means `==`). `BETWEEN` takes a
/// list `{low, high}` and holds when `low <= value <= high`. Every other operator takes one
/// value.
///
/// **Aggregates.** `rel.@count` is the number of objects in the to-many; `@sum` the sum of the
/// non-null values (an integer when all are integers or Booleans, else a double; 0 for none);
/// `@avg` their mean as a double, `@min` and `@max` their extremes (null for none). When a
/// to-one before the to-many is nil, every aggregate is null.
///
/// **Functions.** Arithmetic, bitwise operators and the other functions of single values
/// compute as ``ExpressionFunction/apply(to:result:)`` says, null in, null out.
/// `SUBQUERY(…).@count` is the number of objects of the to-many satisfying the subquery's
/// predicate (evaluated on each of them), null when a to-one before the to-many is nil.
///
/// **Sorting.** See ``areInIncreasingOrder(_:_:by:)``.
enum PredicateEvaluator {
    /// Whether `object` satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - predicate: The predicate, resolved from the object's entity or one it inherits from.
    ///   - object: The object to test.
    /// - Returns: The predicate's value on the object.
    /// - Throws: ``UnsupportedFetchError`` for a `MATCHES` pattern, read from a key path, that
    ///   is no valid regular expression.
    /// - Complexity: May load the object's data and the relationships the key paths cross.
    static func evaluate(_ predicate: ResolvedPredicate, on object: ManagedObject) throws -> Bool {
        switch predicate {
        case .constant(let value):
            return value
        case .and(let terms):
            for term in terms where try !evaluate(term, on: object) { return false }
            return true
        case .or(let terms):
            for term in terms where try evaluate(term, on: object) { return true }
            return false
        case .not(let term):
            return try !evaluate(term, on: object)
        case .comparison(let comparison):
            return try evaluate(comparison, on: object)
        }
    }

    /// Whether `a` sorts before `b` under `orderings`.
    ///
    /// Each ordering compares the values of its key path (through to-ones only; a nil to-one
    /// yields null). Null sorts before every value ascending, after every value descending.
    /// Values sort as SQLite sorts them: nulls, then numbers, Booleans and dates numerically,
    /// then strings and URIs by UTF-8 bytes (of the folded strings when the ordering has
    /// options), then data and UUIDs by bytes. Ties fall through to the next ordering and
    /// finally to the object ID: permanent IDs by primary key, ascending, then temporary IDs in
    /// the order the objects were created.
    ///
    /// - Parameters:
    ///   - a: An object.
    ///   - b: Another object.
    ///   - orderings: Sort keys, resolved from an entity both objects are of, most significant
    ///     first.
    /// - Returns: Whether `a` comes first; false for `a === b`.
    /// - Complexity: May load both objects' data and the to-ones their key paths cross.
    static func areInIncreasingOrder(_ a: ManagedObject, _ b: ManagedObject, by orderings: [ResolvedOrdering]) -> Bool {
        for ordering in orderings {
            let order = sortOrder(sortValue(of: a, ordering), sortValue(of: b, ordering), options: ordering.options)
            if order != 0 { return ordering.ascending ? order < 0 : order > 0 }
        }
        return isOrderedBefore(a.objectID, b.objectID)
    }
}

// MARK: - Comparisons

extension PredicateEvaluator {
    /// One value a side of a comparison yields: an attribute value (perhaps null) or an
    /// object's identity.
    private typealias Operand = KeyPathValue

    /// What a side of a comparison yields.
    private enum Side {
        case single(Operand)
        case collection([Operand])

        var elements: [Operand] {
            switch self {
            case .single(let operand): return [operand]
            case .collection(let operands): return operands
            }
        }
    }

    private static func evaluate(_ comparison: ResolvedComparison, on object: ManagedObject) throws -> Bool {
        let leftSide = try side(comparison.left, of: object)
        let options = comparison.options
        // One value against one value (an attribute of the object itself against a constant,
        // most often): compared as they are, with no test to build.
        if case .single(let value) = leftSide, case .single(let item) = comparison.right, comparison.operator != .in {
            let result = try compare(value, comparison.operator, try self.value(of: item, on: object), options: options)
            return comparison.modifier == .none ? !result : result
        }
        let test: (Operand) throws -> Bool
        switch comparison.right {
        case .list(let items):
            let candidates = try items.map { try value(of: $0, on: object) }
            test = { value in !value.isNull && candidates.contains { equal(value, $0, options: options) } }
        case .single(let item) where comparison.operator == .in:
            let candidates = try side(item, of: object).elements
            test = { value in !value.isNull && candidates.contains { equal(value, $0, options: options) } }
        case .bounds(let lowItem, let highItem):
            let low = try value(of: lowItem, on: object)
            let high = try value(of: highItem, on: object)
            test = { value in
                guard let above = order(value, low, options: options), let below = order(value, high, options: options)
                else { return false }
                return above >= 0 && below <= 0
            }
        case .single(let item):
            let right = try value(of: item, on: object)
            test = { value in try compare(value, comparison.operator, right, options: options) }
        }

        // One value against a list or bounds: tested as it is.
        if case .single(let value) = leftSide {
            return comparison.modifier == .none ? try !test(value) : try test(value)
        }
        let left = leftSide.elements
        switch comparison.modifier {
        case .direct, .any: return try left.contains(where: test)
        case .all: return try left.allSatisfy(test)
        case .none: return try !left.contains(where: test)
        }
    }

    /// `left <op> right` for every operator but `IN` and `BETWEEN`.
    private static func compare(
        _ left: Operand, _ op: ComparisonPredicate.Operator, _ right: Operand, options: ComparisonPredicate.Options
    ) throws -> Bool {
        switch op {
        case .equal: return equal(left, right, options: options)
        case .notEqual: return !equal(left, right, options: options)
        case .lessThan: return order(left, right, options: options).map { $0 < 0 } ?? false
        case .lessThanOrEqual: return order(left, right, options: options).map { $0 <= 0 } ?? false
        case .greaterThan: return order(left, right, options: options).map { $0 > 0 } ?? false
        case .greaterThanOrEqual: return order(left, right, options: options).map { $0 >= 0 } ?? false
        case .beginsWith, .endsWith, .contains, .like, .matches:
            guard case .value(.string(let subject)) = left, case .value(.string(let needle)) = right else {
                return false
            }
            switch op {
            case .beginsWith: return StringMatching.beginsWith(subject, needle, options: options)
            case .endsWith: return StringMatching.endsWith(subject, needle, options: options)
            case .contains: return StringMatching.contains(subject, needle, options: options)
            case .like: return StringMatching.like(subject, pattern: needle, options: options)
            default: return try StringMatching.matches(subject, regex: needle, options: options)
            }
        case .in, .between:
            // Handled with their list by the caller.
            return false
        }
    }

    /// `==`: both null, the same object, or values that order the same.
    private static func equal(_ left: Operand, _ right: Operand, options: ComparisonPredicate.Options) -> Bool {
        switch (left, right) {
        case (.object(let a), .object(let b)): return a == b
        case (.value(.null), .value(.null)): return true
        // Strings compared as stored, as SQLite's BINARY collation compares them: byte for byte.
        case (.value(.string(let a)), .value(.string(let b))) where options.isEmpty:
            return a.utf8.elementsEqual(b.utf8)
        case (.value, .value): return order(left, right, options: options) == 0
        default: return false
        }
    }

    /// The order of two values (negative, 0, positive), or `nil` when a side is null or an
    /// object, or they are of unrelated kinds.
    private static func order(_ left: Operand, _ right: Operand, options: ComparisonPredicate.Options) -> Int? {
        guard case .value(let a) = left, case .value(let b) = right else { return nil }
        if case .string(let x) = a, case .string(let y) = b {
            return StringMatching.compareUTF8(StringFolding.fold(x, options), StringFolding.fold(y, options))
        }
        return AttributeValue.compare(a, b).map(sign)
    }

    /// The bytes of data or a UUID, as SQLite stores both.
    private static func bytes(of value: AttributeValue) -> [UInt8]? {
        switch value {
        case .data(let data): return Array(data)
        case .uuid(let uuid): return uuid.bytes
        default: return nil
        }
    }

    private static func sign(_ result: ComparisonResult) -> Int {
        switch result {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
    }
}

// MARK: - Expressions

extension PredicateEvaluator {
    /// What `operand` yields on `object`.
    private static func side(_ operand: ResolvedOperand, of object: ManagedObject) throws -> Side {
        switch operand {
        case .constant(let value): return .single(Operand(value))
        case .object(let id): return .single(.object(id))
        case .evaluatedObject: return .single(.object(object.objectID))
        case .keyPath(let path): return values(of: path, from: object)
        case .function(let function):
            var arguments: [AttributeValue] = []
            for argument in function.arguments {
                guard case .value(let value) = try value(of: argument, on: object) else { return .single(.null) }
                arguments.append(value)
            }
            return .single(Operand(function.function.apply(to: arguments, result: function.result)))
        case .subqueryCount(let subquery):
            return .single(try count(subquery, on: object))
        }
    }

    /// How many objects of the subquery's to-many satisfy its predicate; null when a to-one
    /// before the to-many is nil.
    private static func count(_ subquery: ResolvedSubquery, on object: ManagedObject) throws -> Operand {
        var owner: ManagedObject? = object
        for step in subquery.path.steps { owner = owner?.relatedObject(step) }
        guard let owner else { return .null }
        let count = try owner.relatedSet(subquery.relationship).count { try evaluate(subquery.predicate, on: $0) }
        return .value(.integer(Int64(count)))
    }

    /// The one value `operand` yields on `object`; resolution allows no collection where this
    /// is asked.
    static func value(of operand: ResolvedOperand, on object: ManagedObject) throws -> KeyPathValue {
        guard case .single(let value) = try side(operand, of: object) else { return .null }
        return value
    }

    /// What a key path that yields one value (not ``ResolvedKeyPath/yieldsCollection``) yields
    /// on `object`.
    static func value(of path: ResolvedKeyPath, on object: ManagedObject) -> KeyPathValue {
        guard case .single(let value) = values(of: path, from: object) else { return .null }
        return value
    }

    /// Walks a resolved key path from `object`.
    private static func values(of path: ResolvedKeyPath, from object: ManagedObject) -> Side {
        if path.steps.isEmpty, case .attribute(let attribute) = path.terminal, !path.yieldsCollection {
            return .single(Operand(object.attributeValue(attribute)))
        }
        // The objects reached so far; nil where a to-one was empty.
        var reached: [ManagedObject?] = [object]
        for step in path.steps {
            if step.isToMany {
                reached = reached.flatMap { $0.map { Array($0.relatedSet(step)) } ?? [] }
            } else {
                reached = reached.map { $0?.relatedObject(step) }
            }
        }
        let operands: [Operand]
        switch path.terminal {
        case .attribute(let attribute):
            operands = reached.map { $0.map { Operand($0.attributeValue(attribute)) } ?? .null }
        case .relationship(let relationship) where relationship.isToMany:
            operands = reached.flatMap { $0.map { $0.relatedSet(relationship).map { .object($0.objectID) } } ?? [] }
        case .relationship(let relationship):
            operands = reached.map { $0?.toOneID(relationship).map(Operand.object) ?? .null }
        case .aggregate(let function, let relationship, let attribute):
            operands = reached.map {
                $0.map { Operand(aggregate(function, of: attribute, over: $0.relatedSet(relationship))) } ?? .null
            }
        case .element(let position, let relationship, let rest):
            operands = reached.map { object in
                guard let member = object.flatMap({ position.element(of: $0.relatedList(relationship)) }) else { return .null }
                return rest.map { value(of: $0, on: member) } ?? .object(member.objectID)
            }
        }
        return path.yieldsCollection ? .collection(operands) : .single(operands.first ?? .null)
    }

    /// A collection operator's value over the objects of a to-many.
    private static func aggregate(
        _ function: AggregateFunction, of attribute: AttributeDescription?, over objects: Set<ManagedObject>
    ) -> AttributeValue {
        let values =
            attribute.map { attribute in
                objects.map { $0.attributeValue(attribute) }.filter { !KeyPathValue($0).isNull }
            } ?? []
        return aggregate(function, of: values, count: objects.count)
    }

    /// A collection operator's value over `values`, none of them null, of `count` elements.
    static func aggregate(_ function: AggregateFunction, of values: [AttributeValue], count: Int) -> AttributeValue {
        switch function {
        case .count:
            return .integer(Int64(count))
        case .sum:
            var integerSum: Int64? = 0
            var doubleSum = 0.0
            for value in values {
                switch value {
                case .integer(let i): integerSum = integerSum.flatMap { add($0, i) }
                case .boolean(let b): integerSum = integerSum.flatMap { add($0, b ? 1 : 0) }
                default: integerSum = nil
                }
                doubleSum += value.numericValue ?? 0
            }
            return integerSum.map(AttributeValue.integer) ?? .double(doubleSum)
        case .avg:
            guard !values.isEmpty else { return .null }
            return .double(values.reduce(0) { $0 + ($1.numericValue ?? 0) } / Double(values.count))
        case .min, .max:
            let wanted: ComparisonResult = function == .min ? .orderedAscending : .orderedDescending
            return values.reduce(AttributeValue.null) { best, value in
                best.isNull || AttributeValue.compare(value, best) == wanted ? value : best
            }
        }
    }

    /// `a + b`, or `nil` on overflow (the sum then continues as a double).
    private static func add(_ a: Int64, _ b: Int64) -> Int64? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : sum
    }
}

// MARK: - Sorting

extension PredicateEvaluator {
    /// The value of a sort key on `object`: null for a nil to-one on the way.
    static func sortValue(of object: ManagedObject, _ ordering: ResolvedOrdering) -> AttributeValue {
        var current: ManagedObject? = object
        for step in ordering.steps { current = current?.relatedObject(step) }
        let value = current?.attributeValue(ordering.attribute) ?? .null
        if case .double(let d) = value, d.isNaN { return .null }
        return value
    }

    /// SQLite's order of values: null, numbers, text, bytes; negative when `a` comes first.
    private static func sortOrder(_ a: AttributeValue, _ b: AttributeValue, options: ComparisonPredicate.Options) -> Int {
        let (rankA, rankB) = (sortRank(a), sortRank(b))
        if rankA != rankB { return rankA < rankB ? -1 : 1 }
        switch (a, b) {
        case (.null, _):
            return 0
        case (.string(let x), .string(let y)):
            return StringMatching.compareUTF8(StringFolding.fold(x, options), StringFolding.fold(y, options))
        case (.string, _), (.uri, _):
            return StringMatching.compareUTF8(text(of: a), text(of: b))
        case (.data, _), (.uuid, _):
            return sign(AttributeValue.compareBytes(bytes(of: a) ?? [], bytes(of: b) ?? []))
        default:
            return AttributeValue.compare(a, b).map(sign) ?? 0
        }
    }

    /// Null 0, numbers 1, text 2, bytes 3, as SQLite ranks storage classes.
    private static func sortRank(_ value: AttributeValue) -> Int {
        switch value {
        case .null: return 0
        case .integer, .double, .decimal, .boolean, .date: return 1
        case .string, .uri: return 2
        case .data, .uuid: return 3
        }
    }

    private static func text(of value: AttributeValue) -> String {
        switch value {
        case .string(let s): return s
        case .uri(let url): return url.absoluteString
        default: return ""
        }
    }

    /// The final tie-breaker: permanent IDs by primary key, then temporary IDs by creation.
    private static func isOrderedBefore(_ a: ManagedObjectID, _ b: ManagedObjectID) -> Bool {
        switch (a.key, b.key) {
        case (.permanent(let x), .permanent(let y)):
            return x != y ? x < y : a.entity.rootEntity.entityNumber < b.entity.rootEntity.entityNumber
        case (.permanent, .temporary): return true
        case (.temporary, .permanent): return false
        case (.temporary(let x), .temporary(let y)): return x < y
        }
    }
}
