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
    /// relationships; `initialize` must initialize every slot (attributes first, then
    /// relationships, by storage index) exactly once.
    static func make(
        version: Int64, attributeCount: Int, relationshipCount: Int,
        initializingSlotsWith initialize: (UnsafeMutablePointer<Slot>) -> Void
    ) -> Snapshot {
        let buffer = create(minimumCapacity: attributeCount + relationshipCount) { _ in
            Header(version: version, attributeCount: attributeCount, relationshipCount: relationshipCount)
        }
        buffer.withUnsafeMutablePointerToElements(initialize)
        return unsafeDowncast(buffer, to: Snapshot.self)
    }

    /// A snapshot holding `attributes` and `toOne`, by storage index.
    static func make(version: Int64, attributes: [AttributeValue], toOne: [ManagedObjectID?]) -> Snapshot {
        make(version: version, attributeCount: attributes.count, relationshipCount: toOne.count) { slots in
            for (index, value) in attributes.enumerated() { (slots + index).initialize(to: .value(value)) }
            for (index, id) in toOne.enumerated() { (slots + attributes.count + index).initialize(to: .reference(id)) }
        }
    }

    deinit {
        withUnsafeMutablePointers { header, slots in
            // Slot by slot, so that the compiler destroys each with code for `Slot`, not the
            // run time's generic array destruction (several times slower per slot).
            for index in 0..<(header.pointee.attributeCount + header.pointee.relationshipCount) {
                _ = (slots + index).move()
            }
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

    /// A copy with some values replaced and the version raised by one: the row after an update.
    func updated(
        attributes changedAttributes: [(Int, AttributeValue)], toOne changedToOnes: [(Int, ManagedObjectID?)]
    ) -> Snapshot {
        var attributes = self.attributes
        var toOnes = self.toOnes
        for (index, value) in changedAttributes { attributes[index] = value }
        for (index, id) in changedToOnes { toOnes[index] = id }
        return Snapshot.make(version: version + 1, attributes: attributes, toOne: toOnes)
    }
}
