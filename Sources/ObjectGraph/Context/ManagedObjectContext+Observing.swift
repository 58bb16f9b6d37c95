/// Telling observed fetches (``ObservedFetch``) what changed.
extension ManagedObjectContext {
    /// Reports the objects inserted, changed and deleted since the last report to the
    /// context's observed fetches, as Core Data's `processPendingChanges()` posts its
    /// objects-did-change notification.
    ///
    /// The context reports by itself when a save starts, after a merge, a rollback, an undo
    /// or a redo, and a reset; call it to report edits as they are made.
    public func processPendingChanges() {
        observers.removeAll { $0.observer == nil }
        let (changed, refetch) = (unprocessedChanges, observersMustRefetch)
        (unprocessedChanges, observersMustRefetch) = ([], false)
        guard !observers.isEmpty, !changed.isEmpty || refetch else { return }
        for observer in observers.compactMap(\.observer) { observer.contextDidChange(changed, refetch: refetch) }
    }

    /// Adds an observed fetch, held weakly.
    func observe(_ observer: some ContextObserver) {
        observers.removeAll { $0.observer == nil }
        observers.append(WeakObserver(observer: observer))
    }

    /// An observer held without keeping it alive.
    struct WeakObserver {
        weak var observer: (any ContextObserver)?
    }
}
