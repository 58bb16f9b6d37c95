/// Saves announced to observers and to contexts that merge them automatically.
extension PersistentStoreCoordinator {
    /// Calls `observer` after each save of a context of this coordinator, with what the save
    /// changed and the context that saved, as Core Data's did-save notification does.
    ///
    /// It runs on the saving thread, after the save committed, after the contexts that merge
    /// saves automatically have merged it. The observer stays until the returned value is
    /// cancelled or goes away.
    ///
    /// ```swift
    /// let observation = coordinator.addSaveObserver { changes, _ in
    ///     print("\(changes.insertedObjectIDs.count) inserted")
    /// }
    /// ```
    public func addSaveObserver(_ observer: @escaping (ContextDidSave, ManagedObjectContext) -> Void) -> SaveObservation {
        nextSaveObserverNumber += 1
        saveObservers[nextSaveObserverNumber] = observer
        return SaveObservation(coordinator: self, number: nextSaveObserverNumber)
    }

    /// Whether a save has anyone to tell: an observer or another context that merges saves.
    var hasSaveListeners: Bool {
        !saveObservers.isEmpty || mergingContexts.contains { $0.context != nil }
    }

    /// Adds `context` to the contexts that merge saves automatically, or removes it.
    func setMergesSavesAutomatically(_ context: ManagedObjectContext, _ merges: Bool) {
        mergingContexts.removeAll { $0.context == nil || $0.context === context }
        if merges { mergingContexts.append(WeakContext(context: context)) }
    }

    /// Tells every context that merges saves automatically but `context`, then every observer,
    /// what `context` saved.
    func announce(_ changes: ContextDidSave, savedBy context: ManagedObjectContext) {
        mergingContexts.removeAll { $0.context == nil }
        for merging in mergingContexts.compactMap(\.context) where merging !== context {
            merging.mergeChanges(fromContextDidSave: changes)
        }
        for observer in saveObservers.sorted(by: { $0.key < $1.key }).map(\.value) { observer(changes, context) }
    }

    /// A context held without keeping it alive.
    struct WeakContext {
        weak var context: ManagedObjectContext?
    }
}
