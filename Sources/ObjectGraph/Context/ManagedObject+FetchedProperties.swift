/// Fetched properties: fetched on first read, kept until the object is refreshed.
extension ManagedObject {
    /// The objects of a fetched property, as an array of `T`, for generated classes.
    ///
    /// The first read since the object became a fault runs the property's fetch, with
    /// `$FETCH_SOURCE` standing for this object, and keeps its result: later reads return the
    /// same objects, even when a save or a change would make the fetch find others, until the
    /// object is refreshed (``ManagedObjectContext/refresh(_:mergeChanges:)``) or turned back
    /// into a fault. The fetch takes this context's unsaved changes into account as any fetch
    /// does (unless the request says otherwise).
    ///
    /// A fetch that fails returns no objects and keeps nothing;
    /// ``ManagedObjectContext/lastFaultError`` says why. An object without a context has no
    /// fetched objects.
    ///
    /// - Parameter key: The fetched property's name.
    /// - Precondition: the entity has a fetched property `key`.
    /// - Complexity: One fetch on first read.
    public func fetchedObjects<T: ManagedObject>(forKey key: String) -> [T] {
        guard let property = entity.fetchedPropertiesByName[key] else { missingProperty("fetched property", key) }
        return fetchedObjects(property).compactMap { $0 as? T }
    }

    /// The objects of `property`: those kept since the last read, or those a fetch finds now.
    ///
    /// They are kept in ``relations``, after the relationships' slots (as `.ordered`, where
    /// `.manyFault` means not read), so that objects pay no storage for them until one is read.
    func fetchedObjects(_ property: FetchedPropertyDescription) -> [ManagedObject] {
        let slot = entity.relationships.count + property.storageIndex
        if slot < relations.count, case .ordered(let objects) = relations[slot] { return objects }
        fulfillFault()
        guard !isFault, let context = managedObjectContext else { return [] }
        let objects: [ManagedObject]
        do {
            objects = try context.fetch(property.request(from: self))
        } catch {
            context.lastFaultError = error
            return []
        }
        materializeRelations()
        if relations.count <= slot {
            relations += Array(
                repeating: .manyFault, count: entity.relationships.count + entity.fetchedProperties.count - relations.count)
        }
        relations[slot] = .ordered(objects)
        return objects
    }
}
