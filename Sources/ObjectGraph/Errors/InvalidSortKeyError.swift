/// Why a sort key cannot order the objects of an entity (``FetchOrdering/validate(for:)``).
public struct InvalidSortKeyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the key path, naming the component at fault.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// `entity` has no attribute or relationship `key`; `known` lists the attributes and
        /// to-one relationships it has, by name.
        case unknownKey(String, entity: String, known: [String])
        /// `key` is a to-many relationship of `entity`: it has many values to sort by.
        case toMany(String, entity: String)
        /// The path ends in the relationship `key`, not in an attribute; `suggestion` is a key
        /// path that sorts by an attribute of its destination.
        case endsInRelationship(String, suggestion: String)
        /// `key` is an attribute of `entity` and something follows it.
        case continuesPastAttribute(String, entity: String)
        /// `key` is a transient attribute of `entity`: the store holds no value to sort by.
        case transient(String, entity: String)

        /// The reason as a phrase, such as `'players' is a to-many relationship of Team`.
        ///
        /// An unknown key reads `Player has no attribute or to-one relationship 'numbr'
        /// (known: born, name, number, team)`.
        public var description: String {
            switch self {
            case .unknownKey(let key, let entity, let known):
                return "\(entity) has no attribute or to-one relationship '\(key)' (known: \(known.joined(separator: ", ")))"
            case .toMany(let key, let entity):
                return "'\(key)' is a to-many relationship of \(entity)"
            case .endsInRelationship(let key, let suggestion):
                return "'\(key)' is a relationship; sort by one of its attributes, e.g. '\(suggestion)'"
            case .continuesPastAttribute(let key, let entity):
                return "'\(key)' is an attribute of \(entity); nothing can follow it"
            case .transient(let key, let entity):
                return "'\(key)' is a transient attribute of \(entity), which the store does not hold"
            }
        }
    }

    /// The sort key's path, as given.
    public var keyPath: String
    /// What is wrong with it.
    public var reason: Reason

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - keyPath: The sort key's path.
    ///   - reason: What is wrong with it.
    public init(keyPath: String, reason: Reason) {
        self.keyPath = keyPath
        self.reason = reason
    }

    /// The key path and the reason, on one line.
    public var description: String { "invalid sort key '\(keyPath)': \(reason)" }
}
