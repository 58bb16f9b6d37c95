/// Debug-only consistency checks of the object graph; they compile to nothing in release.
extension ManagedObjectContext {
    /// Checks that every object is registered once under its own ID, that no object is in two
    /// change sets, and that both sides of every loaded relationship of a changed object agree.
    func checkInvariants() {
        #if DEBUG
            for state in [Membership.inserted, .updated, .deleted] {
                let objects = pending.objects(state)
                precondition(objects.count == pending.count(state), "the \(state) objects are miscounted")
                precondition(Set(objects).count == objects.count, "an object is listed twice as \(state)")
            }
            for object in registry {
                precondition(
                    registry[object.objectID] === object && object.link === link,
                    "\(object.objectID) is registered under a wrong key")
            }
            for object in pending.objects(.inserted) + pending.objects(.updated) where !object.isFault {
                for relationship in object.entity.relationships {
                    guard let inverse = relationship.inverseRelationship else { continue }
                    object.forEachLoadedDestination(of: relationship) { target in
                        guard !target.isFault, target.membership != .deleted else { return }
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
                            return
                        }
                    }
                }
            }
        #endif
    }
}
