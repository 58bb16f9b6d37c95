/// Why a batch request was refused; nothing was written.
public enum BatchRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store cannot evaluate the predicate in SQL (PostgreSQL: `[c]`, `[d]`, `LIKE`,
    /// `MATCHES`, functions); a fetch would evaluate it in memory, a batch request does not.
    case untranslatablePredicate(entity: String, predicate: String)
    /// A deleted object holds objects through a relationship whose delete rule is Deny.
    case denied(entity: String, relationship: String)
    /// The attribute cannot be set by a batch update, for `reason`.
    case unsupportedAttribute(entity: String, key: String, reason: String)
    /// The value cannot be held by the attribute's type.
    case invalidValue(entity: String, key: String, value: String)
    /// An object ID that is not of the request's entity, or of no store of the coordinator.
    case foreignObjectID(String)

    public var description: String {
        switch self {
        case .untranslatablePredicate(let entity, let predicate):
            "a batch request on '\(entity)' cannot evaluate '\(predicate)' in the store's SQL; nothing was changed"
        case .denied(let entity, let relationship):
            "a batch delete of '\(entity)' is denied: '\(relationship)' still holds objects; nothing was changed"
        case .unsupportedAttribute(let entity, let key, let reason):
            "a batch update cannot set '\(entity).\(key)': \(reason)"
        case .invalidValue(let entity, let key, let value):
            "a batch update cannot set '\(entity).\(key)' to \(value): the attribute's type cannot hold it"
        case .foreignObjectID(let uri): "a batch delete cannot delete \(uri): not of its entity, or of no store"
        }
    }
}
