/// One side of a comparison.
public indirect enum FetchExpression: Hashable, Sendable {
    /// A dotted key path from the evaluated object: `["team", "group", "name"]`.
    case keyPath([String])
    /// A literal value.
    case constant(AttributeValue)
    /// A managed object given as a `%@` argument, by its ID.
    case object(ManagedObjectID)
    /// A literal collection: `{1, 2, 3}`, or an array given as a `%@` argument.
    case list([FetchExpression])
    /// A substitution variable, `$NAME`, replaced before evaluation.
    case variable(String)
    /// `SELF`: the evaluated object itself.
    case evaluatedObject
    /// A collection operator applied at the end of a key path through a to-many relationship:
    /// `players.@count`, `players.@max.number`.
    case aggregate(AggregateFunction, relationshipPath: [String], attribute: String?)
}
