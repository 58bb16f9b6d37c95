/// Debug-only consistency checks of the object graph; they compile to nothing in release.
extension ManagedObjectContext {
    /// Checks that every object is registered once under its own ID, that no object is in two
    /// change sets, and that both sides of every link this context changed agree.
    func checkInvariants() {
        #if DEBUG
            for state in [Membership.inserted, .updated, .deleted] {
                let objects = pending.objects(state)
                precondition(objects.count == pending.count(state), "the \(state) objects are miscounted")
                precondition(Set(objects).count == objects.count, "an object is listed twice as \(state)")
            }
            for object in registry.allObjects {
                precondition(
                    registry[object.objectID] === object && object.link === link,
                    "\(object.objectID) is registered under a wrong key")
            }
            // Only links this context changed: objects read at different times may disagree,
            // a clean one holding a to-one older than a to-many loaded since (as in Core Data).
            for object in pending.objects(.inserted) + pending.objects(.updated) where !object.isFault {
                for relationship in object.entity.relationships where !relationship.isToMany {
                    guard let inverse = relationship.inverseRelationship,
                        case .one(let target?) = object.relation(relationship),
                        object.snapshot?.toOne(relationship.storageIndex) != target.objectID,
                        !target.isFault, target.membership != .deleted
                    else { continue }
                    let agrees: Bool
                    switch target.relation(inverse) {
                    case .one(let back): agrees = back === object
                    case .many(let back): agrees = back.contains(object)
                    case .ordered(let back): agrees = back.contains(object)
                    case .unresolved(let id): agrees = id == object.objectID
                    case .manyFault: agrees = true
                    }
                    precondition(agrees, "\(object.objectID).\(relationship.name) and its inverse disagree")
                }
            }
            for (link, added) in pendingLinks {
                guard let inverse = link.relationship.inverseRelationship,
                    let source = registry[link.source], let destination = registry[link.destination],
                    source.membership != .deleted, destination.membership != .deleted
                else { continue }
                for (object, relationship, member) in [
                    (source, link.relationship, destination), (destination, inverse, source),
                ] where !object.isFault {
                    let isMember: Bool
                    switch object.relation(relationship) {
                    case .many(let members): isMember = members.contains(member)
                    case .ordered(let members): isMember = members.contains(member)
                    case .one, .unresolved, .manyFault: continue
                    }
                    precondition(
                        isMember == added,
                        "\(object.objectID).\(relationship.name) does not hold the link's pending change")
                }
            }
        #endif
    }
}
