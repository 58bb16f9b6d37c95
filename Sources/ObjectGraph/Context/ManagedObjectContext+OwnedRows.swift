/// Cascades to owned rows: members deleted by ID with their owner, and a save's deletes
/// grouped by owner, so that the store deletes each owner's rows at once.
extension ManagedObjectContext {
    /// Loads a to-many of a deleted owner with its members' IDs alone, as faults without their
    /// rows, and notes the owner for the save (``ownersDeletingMembersByID``).
    ///
    /// - Returns: Whether it did: not when the to-many is loaded already (members may have
    ///   moved in memory), is ordered (its members load in order, with their rows), the owner
    ///   is new, or the store failed.
    func listMembersByID(_ relationship: RelationshipDescription, of owner: ManagedObject) -> Bool {
        guard !relationship.isOrdered, !owner.isFault, !owner.objectID.isTemporaryID,
            case .manyFault = owner.relation(relationship)
        else {
            return false
        }
        let listed: DestinationIDs
        if let prefetched = prefetchedMemberIDs.removeValue(forKey: PrefetchedMembers(relationship, owner.objectID)) {
            listed = prefetched
        } else {
            do {
                listed = try listMembers(relationship, of: owner)
            } catch {
                lastFaultError = error
                return false
            }
        }
        var members = Set<ManagedObject>(minimumCapacity: listed.ids.count)
        let link = self.link
        for id in listed.ids { members.insert(object(with: id, link: link)) }
        owner.setRelation(.many(members), for: relationship)
        ownersDeletingMembersByID.append(
            MemberListing(
                owner: owner, relationship: relationship, count: listed.ids.count, dataVersion: listed.dataVersion))
        return true
    }

    /// The member IDs of `owner`'s to-many; for a store that lists several owners' at once,
    /// those of the objects fetched with it too (up to ``faultBatchSize``, loaded, with the
    /// to-many still a fault), kept in ``prefetchedMemberIDs`` for when they are deleted: a
    /// loop deleting the objects of a fetch then costs one query per batch, not per object.
    private func listMembers(_ relationship: RelationshipDescription, of owner: ManagedObject) throws -> DestinationIDs {
        let store = try store(for: owner.entity)
        guard store.listsDestinationIDsTogether, let group = owner.faultGroup else {
            return try store.destinationIDs(of: relationship, for: owner.objectID)
        }
        var owners = [owner.objectID]
        var index = Int(owner.faultGroupIndex) + 1
        while owners.count < faultBatchSize, index < group.count {
            if let neighbour = registry[group[index]], neighbour.loadFromKeptRow(), !neighbour.objectID.isTemporaryID,
                neighbour.entity.relationshipsByName[relationship.name] === relationship,
                case .manyFault = neighbour.relation(relationship),
                prefetchedMemberIDs[PrefetchedMembers(relationship, neighbour.objectID)] == nil
            {
                owners.append(neighbour.objectID)
            }
            index += 1
        }
        let listed = try store.destinationIDs(of: relationship, forEach: owners)
        for id in owners.dropFirst() {
            prefetchedMemberIDs[PrefetchedMembers(relationship, id)] = listed[id] ?? DestinationIDs(ids: [], dataVersion: nil)
        }
        return listed[owner.objectID] ?? DestinationIDs(ids: [], dataVersion: nil)
    }

    /// Adds the save's deletes to `changes`: rows that belong to a deleted owner through a
    /// to-one whose inverse cascades, grouped by owner (``StoreChanges/ownedDeletes``); the
    /// others one by one.
    ///
    /// Such an owner's saved members are all deleted with it, except those that move to another
    /// owner in this save (`ownersLosingMembers`). A row belonging to two such owners leaves
    /// both to row-by-row deletes, so that no statement deletes a row another one expects.
    /// Members deleted by ID (unread, without version) are found through the owners that
    /// listed them (``ownersDeletingMembersByID``); those no deleted owner lists any more (the
    /// owner was refreshed) are deleted one by one.
    func collectDeletes(into changes: inout StoreChanges, excluding ownersLosingMembers: Set<ManagedObjectID>) {
        var excluded = ownersLosingMembers
        // Read rows, in the order they were deleted (the store orders the rows it deletes),
        // with the owner they were saved with when it is deleted too.
        var read: [(delete: StoreChanges.Delete, owner: (relationship: RelationshipDescription, id: ManagedObjectID)?)] = []
        var unreadCount = 0
        // Rows come grouped by owner more often than not: the last owner looked up is kept.
        var lastOwner: (id: ManagedObjectID, isDeleted: Bool)?
        func isDeleted(_ owner: ManagedObjectID) -> Bool {
            if let lastOwner, lastOwner.id == owner { return lastOwner.isDeleted }
            let isDeleted = registry[owner].map { membership(of: $0) == .deleted } ?? false
            lastOwner = (owner, isDeleted)
            return isDeleted
        }
        for object in pending.objects(.deleted) {
            guard let snapshot = object.snapshot else {
                unreadCount += 1
                continue
            }
            var found: (relationship: RelationshipDescription, id: ManagedObjectID)?
            for relationship in object.entity.relationships
            where relationship.pointsToCascadingOwner && !relationship.isTransient {
                guard let owner = snapshot.toOne(relationship.storageIndex), isDeleted(owner) else { continue }
                if let first = found {
                    excluded.insert(first.id)
                    excluded.insert(owner)
                } else {
                    found = (relationship, owner)
                }
            }
            read.append((StoreChanges.Delete(id: object.objectID, version: snapshot.version), found))
        }
        var unreadFound = 0
        if unreadCount > 0 {
            for listing in uniqueOwnersDeletingMembersByID() {
                let (owner, relationship) = (listing.owner, listing.relationship)
                guard case .many(let members) = owner.relation(relationship), let inverse = relationship.inverseRelationship
                else { continue }
                var rows: [StoreChanges.Delete] = []
                rows.reserveCapacity(members.count)
                for member in members where member.isDeletedUnread {
                    rows.append(StoreChanges.Delete(id: member.objectID, version: nil))
                }
                unreadFound += rows.count
                if excluded.contains(owner.objectID) {
                    changes.deletes += rows
                } else if !rows.isEmpty {
                    // All the members the store listed, none read since: unchecked while the
                    // store is as it was then.
                    let listedAt = rows.count == listing.count ? listing.dataVersion : nil
                    changes.ownedDeletes.append(
                        .init(relationship: inverse, owner: owner.objectID, rows: rows, listedAt: listedAt))
                }
            }
        }
        // Read rows join the group of their owner (for an owner whose members were listed by
        // ID, the same group: the store checks each group against all of the owner's rows).
        var groupIndex: [OwnerKey: Int] = [:]
        if read.contains(where: { $0.owner.map { !excluded.contains($0.id) } ?? false }) {
            for (index, group) in changes.ownedDeletes.enumerated() {
                groupIndex[OwnerKey(relationship: group.relationship, owner: group.owner)] = index
            }
        }
        changes.deletes.reserveCapacity(changes.deletes.count + read.count + unreadCount - unreadFound)
        for (delete, owner) in read {
            guard let owner, !excluded.contains(owner.id) else {
                changes.deletes.append(delete)
                continue
            }
            let key = OwnerKey(relationship: owner.relationship, owner: owner.id)
            if let index = groupIndex[key] {
                changes.ownedDeletes[index].rows.append(delete)
                changes.ownedDeletes[index].listedAt = nil
            } else {
                groupIndex[key] = changes.ownedDeletes.count
                changes.ownedDeletes.append(.init(relationship: owner.relationship, owner: owner.id, rows: [delete]))
            }
        }
        guard unreadFound < unreadCount else { return }
        var listed: Set<ManagedObjectID> = []
        for group in changes.ownedDeletes { for row in group.rows where row.version == nil { listed.insert(row.id) } }
        for row in changes.deletes where row.version == nil { listed.insert(row.id) }
        for object in pending.objects(.deleted) where object.isDeletedUnread && !listed.contains(object.objectID) {
            changes.deletes.append(StoreChanges.Delete(id: object.objectID, version: nil))
        }
    }

    /// The owners of ``ownersDeletingMembersByID`` still deleted, each to-many once (an owner
    /// refreshed and deleted again is listed twice).
    private func uniqueOwnersDeletingMembersByID() -> [MemberListing] {
        var seen: Set<OwnerKey> = []
        return ownersDeletingMembersByID.filter { listing in
            membership(of: listing.owner) == .deleted
                && seen.insert(OwnerKey(relationship: listing.relationship, owner: listing.owner.objectID)).inserted
        }
    }
}

/// An owner's to-many listed by ID to delete its members unread: how many members the store
/// listed, at which of its data versions (``DestinationIDs``).
struct MemberListing {
    let owner: ManagedObject
    let relationship: RelationshipDescription
    let count: Int
    let dataVersion: UInt32?
}

/// A relationship and an owner's ID: the key of a group of owned rows.
private struct OwnerKey: Hashable {
    let relationship: ObjectIdentifier
    let owner: ManagedObjectID

    init(relationship: RelationshipDescription, owner: ManagedObjectID) {
        self.relationship = ObjectIdentifier(relationship)
        self.owner = owner
    }
}

/// The key of ``ManagedObjectContext/prefetchedMemberIDs``: a to-many and its owner.
struct PrefetchedMembers: Hashable {
    let relationship: ObjectIdentifier
    let owner: ManagedObjectID

    init(_ relationship: RelationshipDescription, _ owner: ManagedObjectID) {
        self.relationship = ObjectIdentifier(relationship)
        self.owner = owner
    }
}
