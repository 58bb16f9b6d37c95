import Foundation
import Synchronization

/// Runs work on several threads at once: the suite's parallelism is em processes, so each
/// thread mostly waits for one.
enum Parallel {
    /// The results of `body` for the indexes `0..<count`, computed on `threads` threads that
    /// each take the next index left; an index whose `body` returns `nil` (its time ran out)
    /// is left out.
    ///
    /// - Parameters:
    ///   - count: How many indexes.
    ///   - threads: How many threads; one per index when it is `count`, as the concurrent
    ///     writers need.
    ///   - body: The work for one index.
    /// - Returns: The results, in index order.
    static func map<T: Sendable>(_ count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> T?) -> [T] {
        let shared = Shared<T>(count: count)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(threads, count)) {
            group.enter()
            let thread = Thread {
                while let index = shared.nextIndex() {
                    shared.store(body(index), at: index)
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return shared.results()
    }

    /// The threads' shared state: the next index to take, and the results so far.
    private final class Shared<T: Sendable>: Sendable {
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
}
