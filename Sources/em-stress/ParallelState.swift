import Synchronization

/// What the threads of ``Parallel/map(_:threads:_:)`` share: the next index to take, and the
/// results so far.
final class ParallelState<T: Sendable>: Sendable {
    /// The next index and the results, behind one lock.
    private let state: Mutex<(next: Int, results: [T?])>

    /// State for `count` indexes.
    ///
    /// - Parameter count: How many indexes.
    init(count: Int) {
        state = Mutex((0, Array(repeating: nil, count: count)))
    }

    /// Takes the next index, or `nil` when none is left.
    func nextIndex() -> Int? {
        state.withLock { state in
            guard state.next < state.results.count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Keeps the result for `index`.
    ///
    /// - Parameters:
    ///   - result: The result, `nil` when there is none.
    ///   - index: Its index.
    func store(_ result: T?, at index: Int) {
        state.withLock { $0.results[index] = result }
    }

    /// The results kept, in index order.
    func results() -> [T] {
        state.withLock { $0.results.compactMap { $0 } }
    }
}
