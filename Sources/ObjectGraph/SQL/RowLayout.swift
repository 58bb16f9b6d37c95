// Unsafe: destination entities are held unretained (`Unmanaged`): entity descriptions live as long as
// their model, which outlives every store.

/// Where each stored property of an entity sits in a full row of its table
/// (`Z_PK, Z_ENT, Z_OPT` and then the table's columns).
///
/// A class, so that decoding a run of rows holds it by one reference (``RowCache``).
final class RowLayout {
    /// Where one slot of a ``Snapshot`` comes from.
    enum Source {
        /// Nowhere: a transient attribute (null) or a to-many (no destination).
        case none
        /// An attribute's column.
        case attribute(column: Int32, type: AttributeType)
        /// The column of an attribute whose value keeps a marker byte or names a file
        /// (``StoreSchema/marksExternalBinaryData(of:)``), read before the row's other
        /// slots: the next of ``RowLayout/markedAttributes``.
        case markedBinary
        /// A to-one's foreign key column, with the destination's entity number column when
        /// the destination has sub-entities. The destination is held without reference
        /// counting (entity descriptions are never deallocated), so that reading a source
        /// per slot retains nothing.
        case toOne(column: Int32, entityColumn: Int32?, destination: Unmanaged<EntityDescription>)
    }

    let entity: EntityDescription
    let attributeCount: Int
    let relationshipCount: Int
    /// One source per snapshot slot: attributes, then relationships, by storage index.
    let sources: [Source]
    /// The attributes of the ``Source/markedBinary`` slots, in order, and their columns.
    let markedAttributes: [(column: Int32, attribute: AttributeDescription)]
    /// Whether ``markedAttributes`` has any: a flag, so that a row of the usual layout
    /// reads none of it.
    let hasMarkedAttributes: Bool

    init(
        entity: EntityDescription, sources: [Source],
        markedAttributes: [(column: Int32, attribute: AttributeDescription)] = []
    ) {
        self.entity = entity
        attributeCount = entity.attributes.count
        relationshipCount = entity.relationships.count
        self.sources = sources
        self.markedAttributes = markedAttributes
        hasMarkedAttributes = !markedAttributes.isEmpty
    }

    /// The layout of each entity's rows in `schema`, by entity.
    static func layouts(for schema: StoreSchema, entities: [EntityDescription]) -> [ObjectIdentifier: RowLayout] {
        var layouts: [ObjectIdentifier: RowLayout] = [:]
        for entity in entities {
            let table = schema.table(for: entity)
            var position: [String: Int32] = [:]
            for (index, column) in table.columns.enumerated() { position[column.name] = Int32(index + 3) }
            var marked: [(column: Int32, attribute: AttributeDescription)] = []
            let attributes = entity.attributes.map { attribute -> RowLayout.Source in
                guard !attribute.isTransient else { return .none }
                let column = position[schema.column(for: attribute)]!
                guard !schema.marksExternalBinaryData(of: attribute) else {
                    marked.append((column, attribute))
                    return .markedBinary
                }
                return .attribute(column: column, type: attribute.attributeType)
            }
            let relationships = entity.relationships.map { relationship -> RowLayout.Source in
                guard !relationship.isToMany, !relationship.isTransient else { return .none }
                let key = schema.foreignKey(for: relationship)
                return .toOne(
                    column: position[key.column]!, entityColumn: key.entityColumn.map { position[$0]! },
                    destination: Unmanaged.passUnretained(relationship.destinationEntity))
            }
            layouts[ObjectIdentifier(entity)] = RowLayout(
                entity: entity, sources: attributes + relationships, markedAttributes: marked)
        }
        return layouts
    }
}
