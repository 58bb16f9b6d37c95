extension StoreChanges {
    /// The changes each of `count` stores writes: every row, link, ordering and reference goes to the
    /// store `store` numbers for its entity (a link, an ordering and a group of owned rows, for their
    /// relationship's entity: relationships do not cross stores).
    func partitioned(into count: Int, by store: (EntityDescription) -> Int) -> [StoreChanges] {
        var empty = StoreChanges()
        empty.labels = labels
        var parts = [StoreChanges](repeating: empty, count: count)
        for insert in inserts {
            let index = store(insert.id.entity)
            var moved = insert
            moved.toOneStart = parts[index].insertedToOnes.count
            parts[index].insertedToOnes +=
                insertedToOnes[
                    insert.toOneStart..<insert.toOneStart + insert.id.entity.relationships.count]
            parts[index].inserts.append(moved)
        }
        for update in updates { parts[store(update.id.entity)].updates.append(update) }
        for delete in deletes { parts[store(delete.id.entity)].deletes.append(delete) }
        for group in ownedDeletes { parts[store(group.relationship.entity)].ownedDeletes.append(group) }
        for link in addedLinks { parts[store(link.relationship.entity)].addedLinks.append(link) }
        for link in removedLinks { parts[store(link.relationship.entity)].removedLinks.append(link) }
        for ordering in orderings { parts[store(ordering.relationship.entity)].orderings.append(ordering) }
        for reference in referenced { parts[store(reference.id.entity)].referenced.append(reference) }
        for owner in toManyOwners { parts[store(owner.entity)].toManyOwners.append(owner) }
        return parts
    }
}
