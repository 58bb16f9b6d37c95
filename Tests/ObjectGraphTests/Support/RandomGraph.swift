import Foundation

@testable import ObjectGraph

// MARK: - Values

/// The values random graphs and predicates draw from.
///
/// The pools are small, so that random predicates hit stored values often, and awkward, so that
/// they find the edges: empty strings and data, case and diacritic variants (precomposed and
/// decomposed), characters whose case folding changes their length, `LIKE` wildcards inside
/// data, numbers stored as text, decimals with few digits and doubles that are multiples of
/// 0.25 (both exact in binary, so SQL and Swift arithmetic agree on sums and averages), and
/// strings holding a NUL character (which SQLite's text functions stop at).
enum RandomValues {
    static let strings = [
        "", "a", "A", "ab", "Ab", "aB", "e", "E", "é", "e\u{301}", "É", "Müller", "MÜLLER", "Muller",
        "mu\u{308}ller", "Straße", "STRASSE", "strasse", "ß", "Ødegaard", "Łukasz", "Szczęsny", "İstanbul",
        "ﬁnal", "日本", "🙂", "a*b", "a?c", "100%", "_x", "O'Neil", "\"q\"", "1", "2.5", " lead", "line\nbreak",
        "a\u{0}b", "\u{0}",
    ]
    /// Names valid for a team: 2 to 40 characters.
    static let teamNames = [
        "Polen", "polen", "POLEN", "Österreich", "Osterreich", "España", "Espana", "Deutschland", "Ab", "ab",
        "Ελλάδα", "日本", "Straße", "STRASSE", "Ødegaard",
    ]
    static let teamCodes = ["ABC", "POL", "GER", "ESP", "AUT"]
    static let positions = ["GK", "DF", "MF", "FW"]
    /// Needles for `BEGINSWITH`, `ENDSWITH` and `CONTAINS`.
    static let needles = [
        "", "a", "A", "e", "é", "ü", "u", "ss", "SS", "ß", "Mü", "mu", "er", "en", "ö", "ø", "*", "?", "%", "_",
        "\u{0}", "\u{0}b",
    ]
    /// Patterns for `LIKE`.
    static let likePatterns = [
        "*", "?", "", "a*", "*e*", "?b", "M*r", "*ß*", "*ss*", "P?len", "*and", "É*", "e?", "a\\*b", "*%", "日?",
    ]
    /// Patterns for `MATCHES`, one of them invalid.
    static let regexes = [
        ".*", "a.*", "[A-Z].*", "M.*r", ".*[éè].*", "(?i)m.*", "", "\\p{L}+", ".", "GK|DF", "[a-z]{2}", ".*ss.*", "(",
    ]
    static let integers: [Int64] = [-3, 0, 1, 2, 3, 7, 10, 42, 99, 100, 1000]
    static let bigIntegers: [Int64] = [1 << 40, -(1 << 40), (1 << 53) + 1, .max, .min]
    /// Numbers at the edges of exactness, for constants: 2^53 as a double sits next to the
    /// integer 2^53 + 1, 2^63 just above `Int64.max`.
    static let edgeNumbers: [AttributeValue] = [
        .integer((1 << 53) + 1), .double(0x1p53), .double(0x1p63), .integer(.max), .double(-0.0), .double(.infinity),
    ]
    static let doubles: [Double] = [-2.5, -0.25, 0, 0.25, 1, 1.5, 2, 2.75, 7, 10.5, 42.25, 99.75, 100]
    static let decimals = ["0", "1.5", "2", "-3.75", "7", "10.5", "42.25", "100"].map { Decimal(string: $0)! }
    static let dates = [-86_400, 0, 0.25, 3_600, 86_400.5, 1_000_000].map { Date(timeIntervalSinceReferenceDate: $0) }
    /// ISO 8601 strings, which compare with dates as the instants they write: each of `dates`
    /// (some with an offset), days between them, one invalid.
    static let isoDates = [
        "2000-12-31", "2001-01-01", "2001-01-01T00:00:00.25Z", "2001-01-01T02:00+01:00", "2001-01-02T00:00:00.5Z",
        "2001-01-01T19:00:00.5-05:00", "2001-01-12T13:46:40Z", "2001-01-01T00:00", "2001-01-05", "2001-02-30",
    ]
    static let uuids = [
        UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
        UUID(uuid: (200, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)),
    ]
    /// Byte strings, one of them the bytes of a UUID (data and UUIDs compare as blobs).
    static let data = [Data(), Data([0]), Data([1, 2]), Data([1, 2, 3]), Data([255]), Data(uuids[0].bytes)]
    static let uris = [
        "https://a.example/x", "https://a.example/X", "file:///b", "mailto:m@example.org", "https://example.org/%C3%A9",
    ].map { URL(string: $0)! }

    /// A value of `type` (never null).
    static func value(of type: AttributeType, using g: inout SeededGenerator) -> AttributeValue {
        switch type {
        case .integer16, .integer32: return .integer(g.pick(integers))
        case .integer64: return .integer(g.chance(0.15) ? g.pick(bigIntegers) : g.pick(integers))
        case .double, .float: return .double(g.pick(doubles))
        case .decimal: return .decimal(g.pick(decimals))
        case .string:
            let pool = g.chance(0.6) ? strings : g.chance(0.6) ? teamNames : positions + teamCodes
            return .string(g.pick(pool))
        case .boolean: return .boolean(g.chance(0.5))
        case .date: return .date(g.pick(dates))
        case .binary, .transformable: return .data(g.pick(data))
        case .uuid: return .uuid(g.pick(uuids))
        case .uri: return .uri(g.pick(uris))
        case .undefined: return .string(g.pick(strings))
        }
    }

    /// A value of any type, or null.
    static func anyValue(using g: inout SeededGenerator) -> AttributeValue {
        if g.chance(0.1) { return .null }
        if g.chance(0.03) { return .double(.nan) }
        if g.chance(0.03) { return g.pick(edgeNumbers) }
        return value(of: g.pick(AttributeType.allCases), using: &g)
    }

    /// A value `attribute` accepts on an object of `entity` and that passes validation:
    /// sometimes null when optional, within the model's ranges, lengths and patterns.
    static func value(
        for attribute: AttributeDescription, of entity: String, using g: inout SeededGenerator
    ) -> AttributeValue {
        if attribute.isOptional, g.chance(0.2) { return .null }
        switch (entity, attribute.name) {
        case ("Team", "name"): return .string(g.pick(teamNames))
        case ("Team", "code"): return .string(g.pick(teamCodes))
        case ("Team", "rating"): return .double(g.pick(doubles.filter { $0 >= 0 }))
        case ("Player", "number"): return .integer(g.pick(integers.filter { (1...99).contains($0) }))
        case ("Player", "position"): return .string(g.pick(positions))
        case ("Match", "homeGoals"), ("Match", "awayGoals"):
            return .integer(g.pick(integers.filter { (0...10).contains($0) }))
        case ("Sample", "double"): return g.chance(0.05) ? .double(.nan) : .double(g.pick(doubles))
        default: return value(of: attribute.attributeType, using: &g)
        }
    }
}

// MARK: - Graphs

/// A random tournament graph in one context, with every object it created in creation order.
///
/// Building draws every choice from the generator and picks related objects from arrays, never
/// from sets, so the same seed builds the same graph in any context: same objects, same values,
/// same links, inserted in the same order.
struct RandomGraph {
    /// How many objects of each entity to create.
    struct Size {
        var groups = 3
        var sponsors = 5
        var teams = 9
        var coaches = 4
        var players = 30
        var matches = 8
        var samples = 30
    }

    /// The kinds of unsaved edit ``applyRandomEdits(_:kinds:entities:using:)`` makes.
    enum Edit: CaseIterable {
        /// Inserts an object of a random entity, linked to live objects.
        case insert
        /// Changes one attribute of a live object.
        case update
        /// Points a to-one relationship elsewhere (or at nothing).
        case move
        /// Deletes a live object (delete rules apply).
        case delete
        /// Adds or removes a player–sponsor link.
        case link
    }

    /// The context the graph lives in.
    let context: ManagedObjectContext
    /// Every object created, saved or not, deleted or not, in creation order.
    private(set) var created: [ManagedObject] = []

    /// Whether strings are drawn without NUL characters, which PostgreSQL's text cannot hold.
    private var avoidsNUL = false

    /// Builds a graph of `size` in `context`, unsaved.
    ///
    /// - Parameter avoidingNUL: Whether strings are drawn without NUL characters (each becomes
    ///   a `0`); by default, when the context's store is PostgreSQL's.
    init(
        in context: ManagedObjectContext, size: Size = Size(), avoidingNUL: Bool? = nil, using g: inout SeededGenerator
    ) throws {
        self.context = context
        if case .postgreSQL? = context.persistentStoreCoordinator.persistentStores.first?.location {
            avoidsNUL = avoidingNUL ?? true
        } else {
            avoidsNUL = avoidingNUL ?? false
        }
        for _ in 0..<size.groups { try insert("Group", using: &g) }
        for _ in 0..<size.sponsors { try insert("Sponsor", using: &g) }
        for _ in 0..<size.teams { try insert("Team", using: &g) }
        for _ in 0..<size.coaches { try insert("Coach", using: &g) }
        for _ in 0..<size.players { try insert("Player", using: &g) }
        for _ in 0..<size.matches { try insert("Match", using: &g) }
        for _ in 0..<size.samples { try insert("Sample", using: &g) }
    }

    private init(context: ManagedObjectContext, created: [ManagedObject], avoidsNUL: Bool) {
        self.context = context
        self.created = created
        self.avoidsNUL = avoidsNUL
    }

    /// The same (saved) graph seen from another context of the same store, as faults.
    func rebased(into other: ManagedObjectContext) -> RandomGraph {
        RandomGraph(context: other, created: created.map { other.object(with: $0.objectID) }, avoidsNUL: avoidsNUL)
    }

    /// Whether `object` is part of the current graph: still in its context (not deleted and
    /// saved, not inserted and rolled back), neither deleted nor inserted and then deleted again.
    static func isLive(_ object: ManagedObject) -> Bool {
        object.managedObjectContext != nil && !object.isDeleted && (!object.objectID.isTemporaryID || object.isInserted)
    }

    /// The live objects of `entity` and its sub-entities, in creation order.
    func live(_ entity: String) -> [ManagedObject] {
        created.filter { object in
            Self.isLive(object) && object.entity.isKind(of: context.model.entity(named: entity)!)
        }
    }

    // MARK: Building

    /// `value` as the graph draws it: without NUL characters when it avoids them (PostgreSQL's
    /// text holds none, and its store refuses one), each becoming a `0`.
    private func storable(_ value: AttributeValue) -> AttributeValue {
        guard avoidsNUL, case .string(let text) = value, text.utf8.contains(0) else { return value }
        return .string(text.replacingOccurrences(of: "\u{0}", with: "0"))
    }

    @discardableResult
    private mutating func insert(_ entity: String, using g: inout SeededGenerator) throws -> ManagedObject {
        let object = try context.insertNewObject(forEntityName: entity)
        created.append(object)
        for attribute in object.entity.attributes where !attribute.isTransient {
            let value = storable(RandomValues.value(for: attribute, of: entity, using: &g))
            try object.setValue(value.anyValue, forKey: attribute.name)
        }
        switch entity {
        case "Team":
            try object.setValue(optional(live("Group"), using: &g), forKey: "group")
        case "Coach":
            let free = live("Team").filter { $0["coach"] == nil }
            try object.setValue(free.isEmpty ? nil : optional(free, using: &g), forKey: "team")
        case "Player":
            try object.setValue(optional(live("Team"), p: 0.15, using: &g), forKey: "team")
            try object.setValue(g.some(of: live("Sponsor"), upTo: 3), forKey: "sponsors")
        case "Match":
            try object.setValue(optional(live("Team"), using: &g), forKey: "homeTeam")
            try object.setValue(optional(live("Team"), using: &g), forKey: "awayTeam")
        default:
            break
        }
        return object
    }

    /// One of `objects`, or nil with probability `p` (always nil for none).
    private func optional(
        _ objects: [ManagedObject], p: Double = 0.2, using g: inout SeededGenerator
    ) -> ManagedObject? {
        objects.isEmpty || g.chance(p) ? nil : g.pick(objects)
    }

    // MARK: Editing

    /// Entities whose objects ``applyRandomEdits(_:kinds:entities:using:)`` may insert,
    /// change or delete.
    static let editableEntities = ["Group", "Sponsor", "Team", "Coach", "Player", "Match", "Sample"]

    /// Makes `count` random unsaved edits of the given kinds to live objects of `entities`.
    ///
    /// Their relationships' inverses change along. An edit of an object that another context
    /// deleted meanwhile is refused by the framework and skipped.
    mutating func applyRandomEdits(
        _ count: Int, kinds: [Edit], entities: [String] = editableEntities, using g: inout SeededGenerator
    ) throws {
        for _ in 0..<count {
            do {
                try applyRandomEdit(g.pick(kinds), entities: entities, using: &g)
            } catch ObjectGraphError.objectNotFound {
                continue
            }
        }
    }

    private mutating func applyRandomEdit(_ kind: Edit, entities: [String], using g: inout SeededGenerator) throws {
        let moves = [
            ("Player", "team", "Team"), ("Player", "team", "Team"), ("Team", "group", "Group"),
            ("Coach", "team", "Team"), ("Match", "homeTeam", "Team"), ("Match", "awayTeam", "Team"),
        ].filter { entities.contains($0.0) }
        switch kind {
        case .insert:
            try insert(g.pick(entities), using: &g)
        case .update:
            guard let object = pickLive(entities, using: &g) else { return }
            let attribute = g.pick(object.entity.attributes.filter { !$0.isTransient })
            let value = storable(RandomValues.value(for: attribute, of: object.entity.name, using: &g))
            try object.setValue(value.anyValue, forKey: attribute.name)
        case .move:
            guard !moves.isEmpty else { return }
            let (entity, key, destination) = g.pick(moves)
            guard let object = pickLive([entity], using: &g) else { return }
            try object.setValue(optional(live(destination), using: &g), forKey: key)
        case .delete:
            guard let object = pickLive(entities, using: &g) else { return }
            context.delete(object)
        case .link:
            guard entities.contains("Player") || entities.contains("Sponsor"),
                let player = pickLive(["Player"], using: &g), let sponsor = pickLive(["Sponsor"], using: &g)
            else { return }
            if player.relatedObjects(forKey: "sponsors").contains(sponsor) {
                player.removeRelatedObject(sponsor, forKey: "sponsors")
            } else {
                sponsor.addRelatedObject(player, forKey: "players")
            }
        }
    }

    private func pickLive(_ entities: [String], using g: inout SeededGenerator) -> ManagedObject? {
        let candidates = live(g.pick(entities))
        return candidates.isEmpty ? nil : g.pick(candidates)
    }
}

// MARK: - Fetch requests

/// Random predicates and sort keys over the tournament model, drawn from ``RandomValues`` and
/// the objects of a ``RandomGraph``.
///
/// Key paths are random walks through the model: to-one and to-many relationships (many-to-many
/// too) up to four deep, ending in an attribute, a relationship, or a collection operator.
/// Right-hand values mostly fit what the left side yields, so that comparisons often hold;
/// sometimes they are null, of another kind, or another key path. Most predicates are valid;
/// the few that are not (a to-many on the wrong side, an invalid pattern) let the caller check
/// that both paths reject them.
struct RandomFetches {
    /// Objects that may appear in predicates, by entity name.
    let objects: [String: [ManagedObject]]
    let model: ManagedObjectModel
    /// Values constants are often drawn from, by type.
    private let samples: [AttributeType: [AttributeValue]]
    /// Entities that key paths are steered towards, and the attributes to end in there.
    private let focus: [ObjectIdentifier: [AttributeDescription]]

    /// Draws objects from `graph`, and constants often from the current values of `samples`.
    ///
    /// With `focus` objects (those just edited, say), key paths lean towards their entities
    /// and the attributes that changed, from other objects too (`team.players.number` from a
    /// player, when players' numbers changed), where a pending change is most likely to
    /// change the answer.
    init(graph: RandomGraph, samples: [ManagedObject], focus: [ManagedObject] = []) {
        model = graph.context.model
        objects = Dictionary(grouping: graph.created, by: \.entity.name)
        var values: [AttributeType: [AttributeValue]] = [:]
        for object in samples {
            for attribute in object.entity.attributes where !attribute.isTransient {
                let value = object.attributeValue(attribute)
                if !value.isNull { values[attribute.attributeType, default: []].append(value) }
            }
        }
        self.samples = values
        var focused: [ObjectIdentifier: [AttributeDescription]] = [:]
        for object in focus {
            let keys = object.isInserted ? [] : object.changedValues().keys.sorted()
            let changed = keys.compactMap { object.entity.attributesByName[$0] }
            for entity in sequence(first: object.entity, next: \.superentity) {
                focused[ObjectIdentifier(entity), default: []] += changed.filter {
                    entity.attributesByName[$0.name] === $0
                }
            }
        }
        self.focus = focused
    }

    private func isFocused(_ entity: EntityDescription) -> Bool {
        focus[ObjectIdentifier(entity)] != nil
    }

    /// What an expression yields, to choose values that compare with it.
    private enum Yield {
        case value(AttributeType)
        case object(EntityDescription)
    }

    /// A random expression and what it yields.
    private struct Side {
        var expression: FetchExpression
        var yield: Yield
        var isCollection = false
    }

    // MARK: Predicates

    /// A random predicate on objects of `entity`: a comparison, or `AND`, `OR`, `NOT` of
    /// random predicates, up to three levels deep.
    func predicate(for entity: EntityDescription, depth: Int = 0, using g: inout SeededGenerator) -> FetchPredicate {
        let roll = depth >= 3 ? 1.0 : Double(g.int(in: 0...99)) / 100
        switch roll {
        case ..<0.14:
            return .and((0..<g.int(in: 0...3)).map { _ in predicate(for: entity, depth: depth + 1, using: &g) })
        case ..<0.26:
            return .or((0..<g.int(in: 0...3)).map { _ in predicate(for: entity, depth: depth + 1, using: &g) })
        case ..<0.34:
            return .not(predicate(for: entity, depth: depth + 1, using: &g))
        case ..<0.345:
            return .constant(g.chance(0.5))
        case ..<0.40 where depth < 2:
            return subqueryComparison(for: entity, depth: depth, using: &g)
        case ..<0.50:
            return .comparison(computedComparison(for: entity, using: &g))
        default:
            return .comparison(comparison(for: entity, using: &g))
        }
    }

    private func comparison(for entity: EntityDescription, using g: inout SeededGenerator) -> ComparisonPredicate {
        let left: Side
        switch g.int(in: 0...99) {
        case ..<85: left = keyPath(from: entity, allowsCollection: true, using: &g)
        case ..<92: left = Side(expression: .evaluatedObject, yield: .object(entity))
        case ..<97: left = Side(expression: .constant(RandomValues.anyValue(using: &g)), yield: .value(.string))
        default: left = objectSide(of: entity, using: &g)
        }
        let op = g.pick(Self.operators(for: left.yield, using: &g))
        let right: FetchExpression
        switch op {
        case .in: right = inRight(for: left, entity: entity, using: &g)
        case .between: right = betweenRight(for: left, entity: entity, using: &g)
        case .beginsWith, .endsWith, .contains:
            right = stringRight(for: left, entity: entity, pool: RandomValues.needles, using: &g)
        case .like: right = stringRight(for: left, entity: entity, pool: RandomValues.likePatterns, using: &g)
        case .matches: right = stringRight(for: left, entity: entity, pool: RandomValues.regexes, using: &g)
        default: right = value(like: left, entity: entity, using: &g)
        }
        let modifier: ComparisonPredicate.Modifier =
            left.isCollection || g.chance(0.1) ? g.pick([.direct, .any, .any, .all, .none]) : .direct
        let options = g.chance(0.5) ? [] : ComparisonPredicate.Options(rawValue: UInt8(g.int(in: 1...3)))
        return ComparisonPredicate(left.expression, op, right, modifier: modifier, options: options)
    }

    /// Operators that make sense for what the left side yields, and now and then any.
    private static func operators(for yield: Yield, using g: inout SeededGenerator) -> [ComparisonPredicate.Operator] {
        let ordering: [ComparisonPredicate.Operator] = [
            .equal, .equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual,
            .in, .in, .between,
        ]
        let strings: [ComparisonPredicate.Operator] = [.beginsWith, .endsWith, .contains, .like, .like, .matches]
        if g.chance(0.05) { return ordering + strings }
        switch yield {
        case .value(.string): return ordering + strings
        case .value: return ordering
        case .object: return [.equal, .equal, .notEqual, .in, .in]
        }
    }

    /// A single value to compare with `left`: mostly a constant of its kind, sometimes null,
    /// a value of another kind, or a key path.
    private func value(like left: Side, entity: EntityDescription, using g: inout SeededGenerator) -> FetchExpression {
        switch g.int(in: 0...99) {
        case ..<7: return .constant(.null)
        case ..<14: return .constant(RandomValues.anyValue(using: &g))
        case ..<28: return keyPath(from: entity, allowsCollection: false, using: &g).expression
        case ..<30: return .evaluatedObject
        default: return constant(for: left.yield, using: &g)
        }
    }

    private func constant(for yield: Yield, using g: inout SeededGenerator) -> FetchExpression {
        switch yield {
        case .value(let type):
            if type == .date, g.chance(0.3) { return .constant(.string(g.pick(RandomValues.isoDates))) }
            if let values = samples[type], g.chance(0.4) { return .constant(g.pick(values)) }
            if type.isNumeric, g.chance(0.05) { return .constant(g.pick(RandomValues.edgeNumbers)) }
            return .constant(RandomValues.value(of: type, using: &g))
        case .object(let entity): return objectSide(of: entity, using: &g).expression
        }
    }

    /// An object of `entity` (or one of its sub-entities), now and then of another entity.
    private func objectSide(of entity: EntityDescription, using g: inout SeededGenerator) -> Side {
        let names = g.chance(0.1) ? Array(objects.keys).sorted() : entity.selfAndDescendants.map(\.name)
        let candidates = names.flatMap { objects[$0] ?? [] }
        guard !candidates.isEmpty else { return Side(expression: .constant(.null), yield: .object(entity)) }
        return Side(expression: .object(g.pick(candidates).objectID), yield: .object(entity))
    }

    private func stringRight(
        for left: Side, entity: EntityDescription, pool: [String], using g: inout SeededGenerator
    ) -> FetchExpression {
        switch g.int(in: 0...99) {
        case ..<65: return .constant(.string(g.pick(pool)))
        case ..<75: return .constant(.string(g.pick(RandomValues.strings)))
        default: return value(like: left, entity: entity, using: &g)
        }
    }

    private func inRight(for left: Side, entity: EntityDescription, using g: inout SeededGenerator) -> FetchExpression {
        switch g.int(in: 0...99) {
        case ..<50:
            return .list((0..<g.int(in: 0...4)).map { _ in value(like: left, entity: entity, using: &g) })
        case ..<80:
            return keyPath(from: entity, allowsCollection: true, using: &g).expression
        default:
            return value(like: left, entity: entity, using: &g)
        }
    }

    private func betweenRight(
        for left: Side, entity: EntityDescription, using g: inout SeededGenerator
    ) -> FetchExpression {
        if g.chance(0.03) { return .list([value(like: left, entity: entity, using: &g)]) }
        var bounds = [value(like: left, entity: entity, using: &g), value(like: left, entity: entity, using: &g)]
        if g.chance(0.6), case .constant(let low) = bounds[0], case .constant(let high) = bounds[1],
            AttributeValue.compare(low, high) == .orderedDescending
        {
            bounds.swapAt(0, 1)
        }
        return .list(bounds)
    }

    // MARK: Subqueries and computed expressions

    /// `SUBQUERY(path, $x, <random predicate>).@count <op> n`, the path through at most one
    /// to-one to a to-many.
    private func subqueryComparison(
        for entity: EntityDescription, depth: Int, using g: inout SeededGenerator
    ) -> FetchPredicate {
        var components: [String] = []
        var current = entity
        let toOnes = current.relationships.filter { !$0.isToMany }
        if !toOnes.isEmpty, g.chance(0.3) {
            let step = g.pick(toOnes)
            components.append(step.name)
            current = step.destinationEntity
        }
        let toManys = current.relationships.filter(\.isToMany)
        guard !toManys.isEmpty else { return .comparison(computedComparison(for: entity, using: &g)) }
        let relationship = g.pick(toManys)
        let inner = predicate(for: relationship.destinationEntity, depth: depth + 1, using: &g)
        let count = FetchExpression.function(
            .count, [.subquery(collection: components + [relationship.name], variable: "x", predicate: inner)])
        let op = g.pick([ComparisonPredicate.Operator.equal, .notEqual, .lessThan, .greaterThan, .greaterThanOrEqual])
        let right: FetchExpression =
            g.chance(0.85)
            ? .constant(.integer(Int64(g.int(in: 0...3))))
            : numericOperand(from: entity, integersOnly: false, depth: 1, using: &g)
        return .comparison(ComparisonPredicate(count, op, right, modifier: g.chance(0.1) ? .any : .direct))
    }

    /// A comparison with arithmetic, bitwise operators or functions on a side.
    private func computedComparison(for entity: EntityDescription, using g: inout SeededGenerator) -> ComparisonPredicate {
        let left = computed(from: entity, depth: 0, using: &g)
        let op = g.pick(Self.operators(for: .value(.double), using: &g))
        let right: FetchExpression
        switch op {
        case .in:
            right = .list(
                (0..<g.int(in: 0...3)).map { _ in numericOperand(from: entity, integersOnly: false, depth: 1, using: &g) })
        case .between:
            right = .list((0..<2).map { _ in numericOperand(from: entity, integersOnly: false, depth: 1, using: &g) })
        case .beginsWith, .endsWith, .contains, .like, .matches:
            right = .constant(.string(g.pick(RandomValues.needles)))
        default:
            right = numericOperand(from: entity, integersOnly: false, depth: 0, using: &g)
        }
        return g.chance(0.3)
            ? ComparisonPredicate(right, g.pick([.equal, .notEqual, .lessThan, .greaterThanOrEqual]), left)
            : ComparisonPredicate(left, op, right, options: g.chance(0.1) ? [.caseInsensitive] : [])
    }

    /// A random function of numbers (or, now and then, strings).
    private func computed(from entity: EntityDescription, depth: Int, using g: inout SeededGenerator) -> FetchExpression {
        let function = g.pick(ExpressionFunction.allCases.filter { $0.aggregate == nil && $0 != .now })
        switch function {
        case .uppercase, .lowercase:
            let strings = (0..<6).map { _ in keyPath(from: entity, allowsCollection: false, using: &g) }.filter {
                if case .value(.string) = $0.yield { return true }
                return false
            }
            let argument = strings.first?.expression ?? .constant(.string(g.pick(RandomValues.strings)))
            return .function(function, [argument])
        default:
            let integersOnly = [.modulus, .bitwiseAnd, .bitwiseOr].contains(function)
            return .function(
                function,
                (0..<function.arity).map { _ in
                    numericOperand(from: entity, integersOnly: integersOnly, depth: depth + 1, using: &g)
                })
        }
    }

    /// A number: mostly a single-valued key path yielding numbers (integers only when
    /// `integersOnly`; dates too, now and then), else a constant, null, or a nested function.
    private func numericOperand(
        from entity: EntityDescription, integersOnly: Bool, depth: Int, using g: inout SeededGenerator
    ) -> FetchExpression {
        switch g.int(in: 0...99) {
        case ..<55:
            for _ in 0..<8 {
                let side = keyPath(from: entity, allowsCollection: false, using: &g)
                guard case .value(let type) = side.yield, !side.isCollection else { continue }
                let fits =
                    integersOnly
                    ? type.isInteger || type == .boolean
                    : type.isNumeric || type == .boolean || (type == .date && g.chance(0.3))
                if fits { return side.expression }
            }
            return .constant(.integer(g.pick(RandomValues.integers)))
        case ..<65 where !integersOnly:
            return .constant(.double(g.pick(RandomValues.doubles)))
        case ..<70 where !integersOnly:
            return .constant(g.pick(RandomValues.edgeNumbers))
        case ..<74:
            return .constant(.integer(g.pick(RandomValues.bigIntegers)))
        case ..<78:
            return .constant(.null)
        case ..<88 where depth < 2:
            let function = integersOnly ? g.pick([ExpressionFunction.bitwiseAnd, .bitwiseOr, .modulus, .add]) : nil
            guard let function else { return computed(from: entity, depth: depth, using: &g) }
            return .function(
                function,
                [
                    numericOperand(from: entity, integersOnly: true, depth: depth + 1, using: &g),
                    numericOperand(from: entity, integersOnly: true, depth: depth + 1, using: &g),
                ])
        default:
            return .constant(.integer(g.pick(RandomValues.integers)))
        }
    }

    // MARK: Key paths

    /// A random walk from `entity` ending in an attribute, a relationship or a collection
    /// operator; through to-many relationships only when `allowsCollection`.
    private func keyPath(
        from entity: EntityDescription, allowsCollection: Bool, using g: inout SeededGenerator
    ) -> Side {
        var components: [String] = []
        var current = entity
        var crossedToMany = false
        while true {
            let attributes = current.attributes.filter { !$0.isTransient }
            var relationships = current.relationships.filter { allowsCollection || !$0.isToMany }
            let aggregatable = crossedToMany ? [] : current.relationships.filter(\.isToMany)
            let depth = components.count
            var roll = g.int(in: 0...99)
            if depth > 0, isFocused(current) { roll = min(roll, g.int(in: 0...99)) }
            let towardsFocus = relationships.filter { relationship in
                let destination = relationship.destinationEntity
                return isFocused(destination) || destination.relationships.contains { isFocused($0.destinationEntity) }
            }
            if !towardsFocus.isEmpty, g.chance(0.7) { relationships = towardsFocus }
            let (endsInAttribute, endsInRelationship) = depth == 0 ? (45, 57) : (60, 68)
            if !aggregatable.isEmpty, roll < endsInAttribute, g.chance(0.2) {
                return aggregate(over: components, g.pick(aggregatable), using: &g)
            }
            if relationships.isEmpty || depth >= 3 || roll < endsInAttribute {
                let changed = focus[ObjectIdentifier(current)] ?? []
                let attribute = !changed.isEmpty && g.chance(0.7) ? g.pick(changed) : g.pick(attributes)
                return Side(
                    expression: .keyPath(components + [attribute.name]), yield: .value(attribute.attributeType),
                    isCollection: crossedToMany)
            }
            let relationship = g.pick(relationships)
            if roll < endsInRelationship {
                return Side(
                    expression: .keyPath(components + [relationship.name]),
                    yield: .object(relationship.destinationEntity),
                    isCollection: crossedToMany || relationship.isToMany)
            }
            components.append(relationship.name)
            crossedToMany = crossedToMany || relationship.isToMany
            current = relationship.destinationEntity
        }
    }

    private func aggregate(
        over components: [String], _ relationship: RelationshipDescription, using g: inout SeededGenerator
    ) -> Side {
        let path = components + [relationship.name]
        let function = g.pick(AggregateFunction.allCases)
        let attributes = relationship.destinationEntity.attributes.filter { attribute in
            !attribute.isTransient
                && (function == .min || function == .max
                    || attribute.attributeType.isNumeric || attribute.attributeType == .boolean)
        }
        guard function != .count, !attributes.isEmpty else {
            return Side(
                expression: .aggregate(.count, relationshipPath: path, attribute: nil), yield: .value(.integer64))
        }
        let attribute = g.pick(attributes)
        let type: AttributeType = function == .sum || function == .avg ? .double : attribute.attributeType
        return Side(
            expression: .aggregate(function, relationshipPath: path, attribute: attribute.name), yield: .value(type))
    }

    // MARK: Orderings

    /// One to three random sort keys through to-one relationships, some with `[c]`/`[d]`.
    func orderings(for entity: EntityDescription, using g: inout SeededGenerator) -> [FetchOrdering] {
        (0..<g.int(in: 1...3)).map { _ in
            var components: [String] = []
            var current = entity
            let toOnes = { (entity: EntityDescription) in entity.relationships.filter { !$0.isToMany } }
            while components.count < 2, !toOnes(current).isEmpty, g.chance(0.4) {
                let relationship = g.pick(toOnes(current))
                components.append(relationship.name)
                current = relationship.destinationEntity
            }
            components.append(g.pick(current.attributes.filter { !$0.isTransient }).name)
            let options = g.chance(0.6) ? [] : ComparisonPredicate.Options(rawValue: UInt8(g.int(in: 1...3)))
            return FetchOrdering(components.joined(separator: "."), ascending: g.chance(0.5), options: options)
        }
    }
}

extension FetchPredicate {
    /// The predicate with every object ID replaced by `map`'s image (for running one predicate
    /// on two stores whose objects correspond).
    func mappingObjects(_ map: [ManagedObjectID: ManagedObjectID]) -> FetchPredicate {
        switch self {
        case .constant: return self
        case .and(let terms): return .and(terms.map { $0.mappingObjects(map) })
        case .or(let terms): return .or(terms.map { $0.mappingObjects(map) })
        case .not(let term): return .not(term.mappingObjects(map))
        case .comparison(var comparison):
            comparison.left = comparison.left.mappingObjects(map)
            comparison.right = comparison.right.mappingObjects(map)
            return .comparison(comparison)
        }
    }
}

extension FetchExpression {
    func mappingObjects(_ map: [ManagedObjectID: ManagedObjectID]) -> FetchExpression {
        switch self {
        case .object(let id): return .object(map[id] ?? id)
        case .list(let items): return .list(items.map { $0.mappingObjects(map) })
        case .function(let function, let arguments): return .function(function, arguments.map { $0.mappingObjects(map) })
        case .subquery(let collection, let variable, let predicate):
            return .subquery(collection: collection, variable: variable, predicate: predicate.mappingObjects(map))
        case .keyPath, .constant, .variable, .evaluatedObject, .aggregate: return self
        }
    }
}
