/// Helpers for handling rows in batches.
extension Array {
    /// The array cut into consecutive slices of at most `size` elements.
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }

    /// The elements in increasing order of `key` (compared with `areInIncreasingOrder`).
    ///
    /// The array itself, unsorted again, when it is in order already (as a save's rows usually
    /// are). Each element's key is computed once; elements of equal keys keep their order.
    func sortedIfNeeded<Key>(on key: (Element) -> Key, by areInIncreasingOrder: (Key, Key) -> Bool) -> [Element] {
        let keys = map(key)
        if !zip(keys, keys.dropFirst()).contains(where: { areInIncreasingOrder($1, $0) }) { return self }
        // Sorting positions rather than elements moves no references around.
        let order = keys.indices.sorted { areInIncreasingOrder(keys[$0], keys[$1]) }
        return order.map { self[$0] }
    }
}
