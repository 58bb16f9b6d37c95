import Foundation

/// A request for a coordinator's persistent history, or to prune it, run by
/// ``ManagedObjectContext/execute(_:)-(PersistentHistoryChangeRequest)``, as Core Data's
/// `NSPersistentHistoryChangeRequest`.
///
/// ```swift
/// let fetched = try context.execute(.fetchHistory(after: lastToken))
/// context.mergeChanges(fromHistory: fetched.transactions)
/// lastToken = fetched.transactions.last.map { lastToken.merging($0.token) } ?? lastToken
/// ```
public struct PersistentHistoryChangeRequest: Hashable, Sendable {
    /// Whether the request reads transactions or deletes them.
    public enum Action: Hashable, Sendable {
        /// Returns the transactions after the bound, oldest first.
        case fetch
        /// Deletes the transactions before the bound, with their changes.
        case delete
    }

    /// Where the transactions the request reads start, or those it deletes end.
    public enum Bound: Hashable, Sendable {
        /// Every transaction (fetching only).
        case all
        /// After, or before, each store's transaction in the token; a store absent from a token
        /// is read from its start, and none of its history is deleted.
        case token(PersistentHistoryToken)
        /// Recorded after, or before, this time.
        case date(Date)
    }

    /// What the request does.
    public var action: Action
    /// Where it starts or ends.
    public var bound: Bound
    /// At most how many transactions a fetch returns, the oldest first; 0, the default, for no
    /// limit.
    public var fetchLimit = 0

    /// A request.
    public init(action: Action, bound: Bound) {
        self.action = action
        self.bound = bound
    }

    /// The transactions after `token`'s, in each store; all of them for `nil`.
    public static func fetchHistory(after token: PersistentHistoryToken?) -> PersistentHistoryChangeRequest {
        PersistentHistoryChangeRequest(action: .fetch, bound: token.map { .token($0) } ?? .all)
    }

    /// The transactions recorded after `date`.
    public static func fetchHistory(after date: Date) -> PersistentHistoryChangeRequest {
        PersistentHistoryChangeRequest(action: .fetch, bound: .date(date))
    }

    /// Deletes the transactions before `token`'s, in each store the token names: the token's
    /// own transaction stays.
    public static func deleteHistory(before token: PersistentHistoryToken) -> PersistentHistoryChangeRequest {
        PersistentHistoryChangeRequest(action: .delete, bound: .token(token))
    }

    /// Deletes the transactions recorded before `date`.
    public static func deleteHistory(before date: Date) -> PersistentHistoryChangeRequest {
        PersistentHistoryChangeRequest(action: .delete, bound: .date(date))
    }
}
