import ObjectGraphSQLite

/// Rows that already break a uniqueness constraint whose unique index a store was to be given:
/// the values most rows share, how many rows share them, and how many other values are shared.
struct DuplicateValues: Error {
    let constraint: UniquenessConstraint
    /// The shared values as text, in the constraint's order.
    let values: [String]
    /// How many rows share ``values``.
    let rows: Int
    /// How many other combinations of values more than one row shares.
    let others: Int

    /// Reads the duplicates that kept `index` from being made; `nil` when there are none (the
    /// failure was something else).
    init?(of constraint: UniquenessConstraint, in index: StoreSchema.Index, on database: any MigrationDatabase) throws {
        var conditions = index.columns.map { "\($0) IS NOT NULL" }
        if let condition = index.rowCondition { conditions.append(condition) }
        let columns = index.columns.joined(separator: ", ")
        let groups = try database.rows(
            """
            SELECT \(columns), COUNT(*) FROM \(index.table) WHERE \(conditions.joined(separator: " AND ")) \
            GROUP BY \(columns) HAVING COUNT(*) > 1 ORDER BY COUNT(*) DESC, \(columns)
            """, [])
        guard let first = groups.first, case .integer(let count) = first[index.columns.count] else { return nil }
        self.constraint = constraint
        values = zip(constraint.keys, first).map { key, value in Self.text(value, of: key) }
        rows = Int(count)
        others = groups.count - 1
    }

    /// A stored value as text: text quoted, a to-one's key as its destination and key.
    private static func text(_ value: SQLiteValue, of key: UniquenessConstraint.Key) -> String {
        switch (value, key) {
        case (.integer(let pk), .toOne(let relationship)): return "\(relationship.destinationEntity.name) p\(pk)"
        case (.integer(let number), _): return String(number)
        case (.real(let number), _): return String(number)
        case (.text(let text), _): return "\"\(text)\""
        case (.blob(let bytes), _): return "<\(bytes.count) bytes>"
        case (.null, _): return "nil"
        }
    }

    /// The error a migration from `source` to `destination` reports for these duplicates.
    func migrationError(from source: ManagedObjectModel, to destination: ManagedObjectModel) -> MigrationError {
        MigrationError(
            sourceVersion: source.versionLabel, destinationVersion: destination.versionLabel,
            entity: constraint.entity.name, property: nil,
            reason: .duplicateValues(constraint: constraint.names, values: values, objects: rows, others: others))
    }
}
