/// A save observer's registration with its coordinator
/// (``PersistentStoreCoordinator/addSaveObserver(_:)``): it observes until cancelled or until
/// this value goes away.
public final class SaveObservation {
    /// The coordinator observed; `nil` once cancelled or gone.
    private weak var coordinator: PersistentStoreCoordinator?
    /// The observer's number in the coordinator's list.
    private let number: Int

    init(coordinator: PersistentStoreCoordinator, number: Int) {
        self.coordinator = coordinator
        self.number = number
    }

    deinit { cancel() }

    /// Stops the observer: it is not called again.
    public func cancel() {
        coordinator?.saveObservers[number] = nil
        coordinator = nil
    }
}

@available(*, unavailable)
extension SaveObservation: Sendable {}
