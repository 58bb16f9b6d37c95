import Foundation

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
        let shared = ParallelState<T>(count: count)
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
}
