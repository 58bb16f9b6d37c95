/// Debug-only consistency checks of the object graph; they compile to nothing in release.
extension ManagedObjectContext {
    /// Checks that every object is registered once under its own ID, that no object is in two
    /// change sets, and that both sides of every loaded relationship of a changed object agree.
    func checkInvariants() {
        #if DEBUG
            precondition(insertedSet.isDisjoint(with: deletedSet), "an object is both inserted and deleted")
            precondition(insertedSet.isDisjoint(with: updatedSet), "an object is both inserted and updated")
            precondition(updatedSet.isDisjoint(with: deletedSet), "an object is both updated and deleted")
            for (set, membership) in [(insertedSet, Membership.inserted), (updatedSet, .updated), (deletedSet, .deleted)] {
                precondition(set.allSatisfy { $0.membership == membership }, "an object's membership disagrees with its set")
            }
            for object in registry {
                precondition(
                    registry[object.objectID] === object && object.link === link,
                    "\(object.objectID) is registered under a wrong key")
            }
            for object in insertedSet.union(updatedSet) where !object.isFault {
                for relationship in object.entity.relationships {
                    guard let inverse = relationship.inverseRelationship else { continue }
                    for target in loadedTargets(of: object, relationship) where !target.isFault && !deletedSet.contains(target) {
                        switch target.relation(inverse) {
                        case .one(let back):
                            precondition(back === object, "\(object.objectID).\(relationship.name) and its inverse disagree")
                        case .many(let back):
                            precondition(
                                back.contains(object), "\(object.objectID).\(relationship.name) and its inverse disagree")
                        case .unresolved(let id):
                            precondition(
                                id == object.objectID, "\(object.objectID).\(relationship.name) and its inverse disagree")
                        case .manyFault:
                            continue
                        }
                    }
                }
            }
        #endif
    }

    #if DEBUG
        private func loadedTargets(of object: ManagedObject, _ relationship: RelationshipDescription) -> [ManagedObject] {
            switch object.relation(relationship) {
            case .one(let target): return target.map { [$0] } ?? []
            case .many(let targets): return Array(targets)
            case .unresolved, .manyFault: return []
            }
        }
    #endif
}
