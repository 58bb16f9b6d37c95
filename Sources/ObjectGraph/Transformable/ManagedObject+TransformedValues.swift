import Foundation

/// Typed access to Transformable attributes through their value transformers.
extension ManagedObject {
    /// The value of a Transformable attribute, read from its stored bytes by the transformer its
    /// model names (see ``ValueTransformerRegistry``); `nil` when it has no value.
    ///
    /// ```swift
    /// let tags = try photo.transformedValue(forKey: "tags", as: ArchivedValue.self)
    /// ```
    ///
    /// Reading never changes the stored bytes, which ``value(forKey:)`` reads as `Data`.
    ///
    /// - Parameters:
    ///   - key: The attribute's name.
    ///   - type: The transformer's value type.
    ///   - registry: Where the transformer is registered.
    /// - Throws: ``TransformableValueError`` naming the attribute and its transformer: the
    ///   attribute is not Transformable, its transformer is not registered or has values of
    ///   another type, or the transformer fails to read the bytes.
    /// - Complexity: May load the object's data (one query); then the transformer's work.
    public func transformedValue<Value>(
        forKey key: String, as type: Value.Type = Value.self, registry: ValueTransformerRegistry = .shared
    ) throws(TransformableValueError) -> Value? {
        let (attribute, transformer) = try transformableAttribute(key, registry: registry)
        let failure = { (reason: TransformableValueError.Reason) in self.transformableValueError(attribute, reason) }
        do { try requireRow() } catch { throw failure(.objectNotFound) }
        guard case .data(let data) = attributeValue(attribute) else { return nil }

        func read<Transformer: AttributeValueTransformer>(_ transformer: Transformer) throws(TransformableValueError) -> Value {
            try requireValues(of: transformer, are: Value.self, for: attribute)
            do {
                return try transformer.reverseTransformedValue(data) as! Value
            } catch {
                throw failure(.unreadableValue("\(error)"))
            }
        }
        return try read(transformer)
    }

    /// Sets a Transformable attribute to the bytes its model's transformer makes of `value`
    /// (see ``ValueTransformerRegistry``), recording the change.
    ///
    /// ```swift
    /// try photo.setTransformedValue(ArchivedValue.array([.string("beach")]), forKey: "tags")
    /// ```
    ///
    /// - Parameters:
    ///   - value: The new value; `nil` for none.
    ///   - key: The attribute's name.
    ///   - registry: Where the transformer is registered.
    /// - Throws: ``TransformableValueError`` naming the attribute and its transformer: the
    ///   attribute is not Transformable, its transformer is not registered or has values of
    ///   another type, or the transformer fails. Nothing is changed then.
    public func setTransformedValue<Value>(
        _ value: Value?, forKey key: String, registry: ValueTransformerRegistry = .shared
    ) throws(TransformableValueError) {
        let (attribute, transformer) = try transformableAttribute(key, registry: registry)
        let failure = { (reason: TransformableValueError.Reason) in self.transformableValueError(attribute, reason) }

        func bytes<Transformer: AttributeValueTransformer>(_ transformer: Transformer) throws(TransformableValueError) -> Data? {
            try requireValues(of: transformer, are: Value.self, for: attribute)
            guard let value else { return nil }
            do {
                return try transformer.transformedValue(value as! Transformer.Value)
            } catch {
                throw failure(.unwritableValue("\(error)"))
            }
        }
        let stored = try bytes(transformer).map(AttributeValue.data) ?? .null
        do { try requireRow() } catch { throw failure(.objectNotFound) }
        setAttributeValue(stored, for: attribute)
    }

    /// The Transformable attribute `key` and the transformer its model names.
    private func transformableAttribute(
        _ key: String, registry: ValueTransformerRegistry
    ) throws(TransformableValueError) -> (AttributeDescription, any AttributeValueTransformer) {
        guard let attribute = entity.attribute(named: key), attribute.attributeType == .transformable else {
            throw TransformableValueError(entity: entity.name, attribute: key, transformerName: nil, .notTransformable)
        }
        guard let transformer = registry.transformer(forName: attribute.valueTransformerName) else {
            throw transformableValueError(attribute, .transformerNotRegistered)
        }
        return (attribute, transformer)
    }

    /// Throws unless `transformer`'s values are `Value`s, which makes casting between them safe.
    private func requireValues<Transformer: AttributeValueTransformer, Value>(
        of transformer: Transformer, are _: Value.Type, for attribute: AttributeDescription
    ) throws(TransformableValueError) {
        guard Transformer.Value.self == Value.self else {
            throw transformableValueError(
                attribute, .typeMismatch(expected: "\(Value.self)", transformerValue: "\(Transformer.Value.self)"))
        }
    }

    /// An error about `attribute` of this object's entity.
    private func transformableValueError(
        _ attribute: AttributeDescription, _ reason: TransformableValueError.Reason
    ) -> TransformableValueError {
        TransformableValueError(
            entity: entity.name, attribute: attribute.name, transformerName: attribute.valueTransformerName, reason)
    }
}
