import Foundation

/// Where a store's history is read from, or pruned to.
enum HistoryBound {
    /// After, or before, the transaction of this number.
    case transaction(Int64)
    /// Recorded after, or before, this time.
    case date(Date)
}
