/// An object's values for one uniqueness constraint, compared as the SQLite store's unique
/// indexes compare them (text byte for byte), for the in-memory store.
struct UniqueValues: Hashable {
    /// One value.
    private enum Part: Hashable {
        /// Text, as its UTF-8 bytes: SQLite compares text byte for byte, where Swift strings
        /// compare canonically equivalent texts equal.
        case text([UInt8])
        case value(AttributeValue)
        case object(ManagedObjectID)
    }

    /// The constraint's entity and properties.
    private let constraint: [String]
    private let parts: [Part]
    /// The values as text, in the constraint's order (not compared).
    let texts: [String]

    /// The values a saved state gives the constraint's properties; `nil` when one has none,
    /// which leaves the object unbound by the constraint.
    init?(_ constraint: UniquenessConstraint, of snapshot: Snapshot) {
        var parts: [Part] = []
        var texts: [String] = []
        for key in constraint.keys {
            switch key {
            case .attribute(let attribute):
                let value = snapshot.attribute(attribute.storageIndex)
                if case .string(let text) = value {
                    parts.append(.text(Array(text.utf8)))
                } else if value.isNull {
                    return nil
                } else {
                    parts.append(.value(value))
                }
                texts.append(value.description)
            case .toOne(let relationship):
                guard let destination = snapshot.toOne(relationship.storageIndex) else { return nil }
                parts.append(.object(destination))
                texts.append(destination.description)
            }
        }
        self.constraint = [constraint.entity.name] + constraint.names
        self.parts = parts
        self.texts = texts
    }

    static func == (a: UniqueValues, b: UniqueValues) -> Bool {
        a.constraint == b.constraint && a.parts == b.parts
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(constraint)
        hasher.combine(parts)
    }
}
