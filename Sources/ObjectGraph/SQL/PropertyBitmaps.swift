/// The properties an update wrote, as `ACHANGE.ZCOLUMNS` holds them: a bitmap over the
/// entity's stored attributes and relationships sorted by name, bit *n* the most significant
/// first, as Core Data writes it.
struct PropertyBitmaps {
    /// Each entity's stored property names, sorted.
    private var names: [ObjectIdentifier: [String]] = [:]

    /// The stored attributes and relationships of `entity`, sorted by name.
    private mutating func names(of entity: EntityDescription) -> [String] {
        if let known = names[ObjectIdentifier(entity)] { return known }
        let sorted =
            (entity.attributes.filter { !$0.isTransient }.map(\.name)
            + entity.relationships.filter { !$0.isTransient }.map(\.name)).sorted()
        names[ObjectIdentifier(entity)] = sorted
        return sorted
    }

    /// The bitmap of `properties` of `entity`.
    mutating func bitmap(of properties: [String], in entity: EntityDescription) -> [UInt8] {
        let all = names(of: entity)
        var bytes = [UInt8](repeating: 0, count: (all.count + 7) / 8)
        for name in properties {
            guard let index = all.firstIndex(of: name) else { continue }
            bytes[index / 8] |= 0x80 >> UInt8(index % 8)
        }
        return bytes
    }

    /// The names `bytes` marks in `entity`; `nil` when it marks a property the entity does
    /// not have (written with another version of the model).
    mutating func names(in bytes: [UInt8], of entity: EntityDescription) -> Set<String>? {
        let all = names(of: entity)
        var marked: Set<String> = []
        for (offset, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (0x80 >> UInt8(bit)) != 0 {
                let index = offset * 8 + bit
                guard index < all.count else { return nil }
                marked.insert(all[index])
            }
        }
        return marked
    }
}
