import Foundation

/// One save, or one batch request, as a store's persistent history recorded it, as Core Data's
/// `NSPersistentHistoryTransaction`: who made it, when, and what it changed.
public struct PersistentHistoryTransaction: Hashable, Sendable {
    /// The transaction's number in its store, increasing in the order transactions committed.
    public var transactionNumber: Int64
    /// The identifier of the store it changed (``PersistentStoreCoordinator/Store/identifier``).
    public var storeIdentifier: String
    /// When it was recorded, just before its commit.
    public var timestamp: Date
    /// The saving context's ``ManagedObjectContext/transactionAuthor``.
    public var author: String?
    /// The saving context's ``ManagedObjectContext/name``.
    public var contextName: String?
    /// The program that saved, by its executable's name (Core Data's bundle identifier).
    public var bundleID: String?
    /// The identifier of the process that saved.
    public var processID: String?
    /// The objects it inserted, updated and deleted, in the order they were recorded; changes
    /// to entities the reading coordinator's model does not hold in the store are left out.
    public var changes: [PersistentHistoryChange]

    /// A transaction, as a store records it.
    public init(
        transactionNumber: Int64, storeIdentifier: String, timestamp: Date, author: String? = nil,
        contextName: String? = nil, bundleID: String? = nil, processID: String? = nil,
        changes: [PersistentHistoryChange] = []
    ) {
        self.transactionNumber = transactionNumber
        self.storeIdentifier = storeIdentifier
        self.timestamp = timestamp
        self.author = author
        self.contextName = contextName
        self.bundleID = bundleID
        self.processID = processID
        self.changes = changes
    }

    /// The token naming this transaction: history fetched after it starts with the next one.
    public var token: PersistentHistoryToken {
        PersistentHistoryToken(transactionNumbers: [storeIdentifier: transactionNumber])
    }
}
