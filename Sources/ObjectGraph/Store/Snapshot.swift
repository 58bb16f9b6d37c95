/// The saved state of one object, as a store reads it: the row's version, its attribute values
/// and the IDs of its to-one destinations, in one allocation.
///
/// A snapshot does not change once made; a changed row gets a new one. Objects share the
/// snapshot they were loaded from and read their values from it until they change.
final class Snapshot: ManagedBuffer<Snapshot.Header, Snapshot.Slot>, @unchecked Sendable {
    /// The fixed part: the version and where the slots of each kind start.
    struct Header {
        /// The row's version (`Z_OPT`): 1 on insert, plus one on every update.
        var version: Int64
        /// How many attribute slots come first.
        var attributeCount: Int
        /// How many relationship slots follow them.
        var relationshipCount: Int
    }

    /// One value: an attribute's, or a to-one's destination (`nil` in a to-many's slot).
    enum Slot {
        case value(AttributeValue)
        case reference(ManagedObjectID?)
    }

    /// A snapshot of an entity with `attributeCount` attributes and `relationshipCount`
    /// relationships, every value null; the reader fills it before handing it out.
    static func empty(version: Int64, attributeCount: Int, relationshipCount: Int) -> Snapshot {
        let count = attributeCount + relationshipCount
        let buffer = create(minimumCapacity: count) { _ in
            Header(version: version, attributeCount: attributeCount, relationshipCount: relationshipCount)
        }
        buffer.withUnsafeMutablePointerToElements { slots in
            slots.initialize(repeating: .value(.null), count: attributeCount)
            (slots + attributeCount).initialize(repeating: .reference(nil), count: relationshipCount)
        }
        return unsafeDowncast(buffer, to: Snapshot.self)
    }

    /// A snapshot holding `attributes` and `toOne`, by storage index.
    static func make(version: Int64, attributes: [AttributeValue], toOne: [ManagedObjectID?]) -> Snapshot {
        let snapshot = empty(version: version, attributeCount: attributes.count, relationshipCount: toOne.count)
        for (index, value) in attributes.enumerated() { snapshot.setAttribute(value, at: index) }
        for (index, id) in toOne.enumerated() { snapshot.setToOne(id, at: index) }
        return snapshot
    }

    deinit {
        _ = withUnsafeMutablePointers { header, slots in
            slots.deinitialize(count: header.pointee.attributeCount + header.pointee.relationshipCount)
        }
    }

    /// The row's version (`Z_OPT`).
    var version: Int64 { header.version }

    /// The value of the attribute at `index` (its ``AttributeDescription/storageIndex``);
    /// transient attributes are `.null`.
    func attribute(_ index: Int) -> AttributeValue {
        withUnsafeMutablePointerToElements { slots in
            guard case .value(let value) = slots[index] else { return .null }
            return value
        }
    }

    /// The destination of the to-one at `index` (its ``RelationshipDescription/storageIndex``).
    func toOne(_ index: Int) -> ManagedObjectID? {
        withUnsafeMutablePointers { header, slots in
            guard case .reference(let id) = slots[header.pointee.attributeCount + index] else { return nil }
            return id
        }
    }

    /// All attribute values, by storage index.
    var attributes: [AttributeValue] {
        (0..<header.attributeCount).map(attribute)
    }

    /// All to-one destinations, by storage index (`nil` in to-many slots).
    var toOnes: [ManagedObjectID?] {
        (0..<header.relationshipCount).map(toOne)
    }

    /// Fills an attribute's slot; only while the snapshot is being made.
    func setAttribute(_ value: AttributeValue, at index: Int) {
        withUnsafeMutablePointerToElements { slots in slots[index] = .value(value) }
    }

    /// Fills a to-one's slot; only while the snapshot is being made.
    func setToOne(_ id: ManagedObjectID?, at index: Int) {
        withUnsafeMutablePointers { header, slots in slots[header.pointee.attributeCount + index] = .reference(id) }
    }

    /// A copy with some values replaced and the version raised by one: the row after an update.
    func updated(
        attributes changedAttributes: [(Int, AttributeValue)], toOne changedToOnes: [(Int, ManagedObjectID?)]
    ) -> Snapshot {
        let copy = Snapshot.make(version: version + 1, attributes: attributes, toOne: toOnes)
        for (index, value) in changedAttributes { copy.setAttribute(value, at: index) }
        for (index, id) in changedToOnes { copy.setToOne(id, at: index) }
        return copy
    }
}
