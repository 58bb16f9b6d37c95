/// One of an entity's fetch indexes, resolved against the model: each element a property of
/// the entity or an expression a SQLite index can hold (see ``EntityDescription/indexes``).
struct ResolvedFetchIndex {
    /// One element: what it indexes, and in which order.
    struct Element {
        /// What the element indexes.
        enum Term {
            /// A stored attribute or to-one relationship.
            case key(UniquenessConstraint.Key)
            /// An expression over the entity's stored attributes.
            case expression(IndexExpression)
        }

        let term: Term
        let isAscending: Bool
    }

    /// The elements, in order.
    let elements: [Element]

    /// Resolves `index`, which `entity` declares.
    ///
    /// An element names a stored attribute or to-one relationship of the entity (inherited
    /// ones included), or is an expression of the functions ``IndexExpression`` allows.
    ///
    /// - Throws: ``ModelError`` with ``ModelError/Reason/invalidFetchIndex(_:)`` naming the
    ///   index, and the expression at fault.
    init(_ index: FetchIndexDescription, of entity: EntityDescription) throws(ModelError) {
        func fail(_ why: String) -> ModelError { ModelError(entity: entity.name, .invalidFetchIndex("\(index.name): \(why)")) }
        guard !index.elements.isEmpty else { throw fail("it has no element") }
        var elements: [Element] = []
        for element in index.elements {
            let term: Element.Term
            switch element.indexed {
            case .property(let name):
                term = .key(try UniquenessConstraint.keys([name], of: entity, fail: fail)[0])
            case .expression(let format, _):
                do {
                    term = .expression(try IndexExpression(format: format, of: entity))
                } catch {
                    throw fail("expression \"\(format)\": \(error.reason)")
                }
            }
            elements.append(Element(term: term, isAscending: element.isAscending))
        }
        self.elements = elements
    }
}
