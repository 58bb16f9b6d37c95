// Unsafe: a fetched property refers to its entities `unowned(unsafe)`; its model-built state skips run-time
// exclusivity checks, and it is `@unchecked Sendable`. Invariant: above `entity`.

/// A property whose value is the result of a fetch, Core Data's `NSFetchedPropertyDescription`.
///
/// Reading it (``ManagedObject/value(forKey:)``, ``ManagedObject/fetchedObjects(forKey:)``)
/// runs its ``fetchRequest`` on first access and returns the objects found, as an array; the
/// object keeps them, not kept up to date, until it is refreshed or turned back into a fault.
/// The predicate may name two variables: `$FETCH_SOURCE`, the object whose property is read
/// (`team == $FETCH_SOURCE`, `name == $FETCH_SOURCE.name`), and `$FETCHED_PROPERTY`, this
/// description (`$FETCHED_PROPERTY.name`, `$FETCHED_PROPERTY.userInfo.someKey`).
///
/// A fetched property is not stored: it has no column, and adding or removing one changes no
/// entity version hash, so a store needs no migration for it.
///
/// ```swift
/// let namesakes = FetchedPropertyDescription(
///     "namesakes",
///     fetchRequest: FetchRequest(
///         entityName: "Player", predicate: try FetchPredicate(format: "name == $FETCH_SOURCE.name")))
/// ```
public final class FetchedPropertyDescription: PropertyDescription, @unchecked Sendable {
    /// The property's name.
    public let name: String
    /// The fetch whose objects are the property's value: the destination entity, the predicate
    /// (with its variables), and any sort orderings or limit.
    public let fetchRequest: FetchRequest<ManagedObject>
    /// Whether the property may be empty; Xcode writes `optional="YES"`, and nothing checks it.
    public let isOptional: Bool
    /// The property's name in an earlier version of the model (Xcode's "Renaming ID").
    public let renamingIdentifier: String?
    /// Text Xcode keeps with the property (its "Version Hash Modifier"); a fetched property is
    /// not part of any version hash.
    public let versionHashModifier: String?
    /// Keys and values of the application's own (Xcode's "User Info"), as the model file has
    /// them; `$FETCHED_PROPERTY.userInfo.<key>` reads them in the predicate.
    public let userInfo: [String: String]

    /// Always `true`: a fetched property is never stored.
    public var isTransient: Bool { true }

    // The model sets the stored properties below once, when it is built; afterwards they are only read, so they
    // opt out of run-time exclusivity checks. They are the description's only mutable state, and are written on
    // the thread building the model before anything uses it: hence `@unchecked Sendable`. The entities are not
    // reference-counted (`unowned(unsafe)`): entities are never deallocated (see `EntityDescription`).

    /// The declaring entity (for an inherited property, the ancestor).
    public var entity: EntityDescription { declaringEntity! }
    /// Set once when the model is built.
    @exclusivity(unchecked) unowned(unsafe) var declaringEntity: EntityDescription?
    /// The entity whose objects the fetch returns (the request's `entityName`).
    public var destinationEntity: EntityDescription { resolvedDestination! }
    /// Set once when the model is built.
    @exclusivity(unchecked) unowned(unsafe) var resolvedDestination: EntityDescription?
    /// Position of the property's fetched objects in an object's cache of them; set by the
    /// model.
    @exclusivity(unchecked) var storageIndex: Int = -1
    /// The request's predicate with `$FETCHED_PROPERTY` key paths replaced by their values,
    /// leaving only `$FETCH_SOURCE` and its key paths; set by the model.
    @exclusivity(unchecked) var sourcePredicate: FetchPredicate?
    /// What each `$FETCH_SOURCE.<key path>` of the predicate reads from the source object, by
    /// variable name (`"FETCH_SOURCE.name"`), resolved from ``entity``; set by the model.
    @exclusivity(unchecked) var sourceKeyPaths: [String: ResolvedKeyPath] = [:]

    /// Describes a fetched property.
    ///
    /// - Parameters:
    ///   - name: The property's name.
    ///   - fetchRequest: The fetch giving its value: the destination entity, a predicate that
    ///     may use `$FETCH_SOURCE` and `$FETCHED_PROPERTY`, sort orderings.
    ///   - isOptional: Whether it may be empty (not checked).
    ///   - renamingIdentifier: Its name in an earlier version of the model.
    ///   - versionHashModifier: Xcode's version hash modifier, kept as given.
    ///   - userInfo: The application's own keys and values.
    public init(
        _ name: String, fetchRequest: FetchRequest<ManagedObject>, isOptional: Bool = true,
        renamingIdentifier: String? = nil, versionHashModifier: String? = nil, userInfo: [String: String] = [:]
    ) {
        self.name = name
        self.fetchRequest = fetchRequest
        self.isOptional = isOptional
        self.renamingIdentifier = renamingIdentifier
        self.versionHashModifier = versionHashModifier
        self.userInfo = userInfo
    }

    /// The name of the variable standing for the object whose property is read.
    static let sourceVariable = "FETCH_SOURCE"
    /// The name of the variable standing for the description.
    static let propertyVariable = "FETCHED_PROPERTY"

    /// Resolves the request's variables from ``entity``, set before, and checks the request
    /// as fetched from `destination`: `$FETCH_SOURCE` and its key paths must resolve from the
    /// entity to one value, `$FETCHED_PROPERTY` key paths (`name`, `userInfo.<key>`) are
    /// replaced by their values, no other variable may appear, and the predicate and sort keys
    /// must resolve from the destination.
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)``, ``FetchPredicateError`` or
    ///   ``UnsupportedFetchError``.
    func resolve(destination: EntityDescription) throws {
        resolvedDestination = destination
        var sourceKeyPaths: [String: ResolvedKeyPath] = [:]
        let predicate = try fetchRequest.predicate?.replacingVariables { name in
            func unsupported(_ reason: String) -> UnsupportedFetchError {
                UnsupportedFetchError(fragment: "$" + name, reason: reason)
            }
            let keys = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            switch keys[0] {
            case Self.sourceVariable where keys.count == 1:
                return .variable(name)
            case Self.sourceVariable:
                let path = try ResolvedKeyPath(resolving: Array(keys.dropFirst()), from: entity)
                guard !path.yieldsCollection else { throw unsupported("it yields many values; a variable stands for one") }
                sourceKeyPaths[name] = path
                return .variable(name)
            case Self.propertyVariable:
                switch keys.dropFirst() {
                case ["name"]: return .constant(.string(self.name))
                case let path where path.count == 2 && path.first == "userInfo":
                    return .constant(userInfo[path.last!].map(AttributeValue.string) ?? .null)
                default: throw unsupported("$FETCHED_PROPERTY has the keys name and userInfo.<key>")
                }
            default:
                throw unsupported("a fetched property's predicate knows the variables $FETCH_SOURCE and $FETCHED_PROPERTY")
            }
        }
        // Checked as fetched, with no value for the source: null fits every comparison.
        if let checked = predicate?.replacingVariables({ _ in FetchExpression.constant(.null) }) {
            _ = try ResolvedPredicate(checked, for: destination)
        }
        for ordering in fetchRequest.sortOrderings { _ = try ResolvedOrdering(fetching: ordering, from: destination) }
        sourcePredicate = predicate
        self.sourceKeyPaths = sourceKeyPaths
    }

    /// The fetch for the property of `source`: the request with `$FETCH_SOURCE` replaced by
    /// the object and each `$FETCH_SOURCE.<key path>` by what it reads on the object now.
    func request(from source: ManagedObject) -> FetchRequest<ManagedObject> {
        var request = fetchRequest
        request.predicate = sourcePredicate?.replacingVariables { name in
            guard let path = sourceKeyPaths[name] else { return .object(source.objectID) }
            switch PredicateEvaluator.value(of: path, on: source) {
            case .value(let value): return .constant(value)
            case .object(let id): return .object(id)
            }
        }
        return request
    }
}
