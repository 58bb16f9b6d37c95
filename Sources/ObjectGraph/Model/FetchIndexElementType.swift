/// How a fetch index orders an element's values, as Core Data's `NSFetchIndexElementType`
/// names it (Xcode's `type` of a `<fetchIndexElement>`).
public enum FetchIndexElementType: String, Hashable, Sendable, CaseIterable {
    /// An ordinary ordered index (a SQLite b-tree).
    case binary = "Binary"
    /// An index of ranges, for spatial queries (Core Data's SQLite R-Tree).
    ///
    /// A SQLite store keeps an ordinary index over the same elements instead: it gives every
    /// fetch the same results, and speeds up comparisons of single values, not of ranges.
    case rTree = "RTree"
}
