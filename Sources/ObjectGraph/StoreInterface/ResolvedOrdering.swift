/// A sort key checked and resolved against the fetched entity: the to-one relationships it
/// walks and the stored attribute it ends in.
///
/// A fetch resolves its sort keys once; the SQL translation and the in-memory sort both take
/// this form.
struct ResolvedOrdering {
    /// The to-one relationships walked before the attribute, in order.
    let steps: [RelationshipDescription]
    /// The stored attribute whose values order the objects.
    let attribute: AttributeDescription
    /// Whether smaller values come first.
    let ascending: Bool
    /// Whether strings compare ignoring case and/or diacritics.
    let options: ComparisonPredicate.Options

    /// Resolves `ordering` from `entity`, as ``FetchOrdering/validate(for:)`` checks it.
    ///
    /// - Throws: ``InvalidSortKeyError``.
    init(_ ordering: FetchOrdering, from entity: EntityDescription) throws(InvalidSortKeyError) {
        var current = entity
        var steps: [RelationshipDescription] = []
        let components = ordering.keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        func failure(_ reason: InvalidSortKeyError.Reason) -> InvalidSortKeyError {
            InvalidSortKeyError(keyPath: ordering.keyPath, reason: reason)
        }
        for (index, key) in components.enumerated() {
            let isLast = index == components.count - 1
            if let relationship = current.relationshipsByName[key] {
                guard !relationship.isToMany else { throw failure(.toMany(key, entity: current.name)) }
                guard !isLast else {
                    let destination = relationship.destinationEntity
                    let attribute =
                        destination.attributesByName["name"].flatMap { $0.isTransient ? nil : $0 }
                        ?? destination.attributes.filter { !$0.isTransient }.min { $0.name < $1.name }
                    let suggestion = (components + [attribute?.name ?? "name"]).joined(separator: ".")
                    throw failure(.endsInRelationship(key, suggestion: suggestion))
                }
                steps.append(relationship)
                current = relationship.destinationEntity
            } else if let attribute = current.attributesByName[key] {
                guard isLast else { throw failure(.continuesPastAttribute(key, entity: current.name)) }
                guard !attribute.isTransient else { throw failure(.transient(key, entity: current.name)) }
                self.steps = steps
                self.attribute = attribute
                self.ascending = ordering.ascending
                self.options = ordering.options
                return
            } else {
                let known =
                    current.attributes.filter { !$0.isTransient }.map(\.name)
                    + current.relationships.filter { !$0.isToMany }.map(\.name)
                throw failure(.unknownKey(key, entity: current.name, known: known.sorted()))
            }
        }
        // Splitting never gives no components: a key path ends in a component or fails above.
        throw failure(.unknownKey("", entity: current.name, known: []))
    }

    /// Resolves `ordering` from `entity` for a fetch.
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` naming `entity` and the whole path
    ///   for a key it lacks; ``UnsupportedFetchError`` for a path that crosses a to-many
    ///   relationship or does not end in a stored attribute.
    init(fetching ordering: FetchOrdering, from entity: EntityDescription) throws {
        do {
            try self.init(ordering, from: entity)
        } catch {
            switch error.reason {
            case .unknownKey, .continuesPastAttribute:
                throw ObjectGraphError.unknownKey(entity: entity.name, key: ordering.keyPath)
            case .toMany, .endsInRelationship, .transient:
                throw UnsupportedFetchError(
                    fragment: ordering.keyPath,
                    reason: "a sort key must end in a stored attribute and cross to-one relationships only")
            }
        }
    }
}

extension FetchOrdering {
    /// Checks that this sort key can order objects of `entity`, with a message that names the
    /// component at fault: the key path must walk to-one relationships only and end in a stored
    /// attribute.
    ///
    /// A fetch checks its sort keys too, but reports an unknown key as
    /// ``ObjectGraphError/unknownKey(entity:key:)`` and any other fault as
    /// ``UnsupportedFetchError``; call this first to tell a user precisely what is wrong.
    ///
    /// - Parameter entity: The entity of the objects to sort.
    /// - Throws: ``InvalidSortKeyError``.
    public func validate(for entity: EntityDescription) throws(InvalidSortKeyError) {
        _ = try ResolvedOrdering(self, from: entity)
    }
}
