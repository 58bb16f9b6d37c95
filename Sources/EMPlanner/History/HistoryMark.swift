import ObjectGraph

/// How far a tournament has read its store's history: what ``History/refresh(after:)`` reads
/// on from.
public struct HistoryMark: Hashable, Sendable {
    var token: PersistentHistoryToken
}
