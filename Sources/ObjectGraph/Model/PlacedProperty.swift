/// A property the model places in its entity when it is built: the entity declaring it and its
/// position among the entity's properties of its kind.
protocol PlacedProperty: PropertyDescription {
    /// The declaring entity; set once when the model is built.
    var declaringEntity: EntityDescription? { get set }
    /// The position among the entity's properties of its kind; set once when the model is built.
    var storageIndex: Int { get set }
}

extension AttributeDescription: PlacedProperty {}
extension RelationshipDescription: PlacedProperty {}
extension FetchedPropertyDescription: PlacedProperty {}
