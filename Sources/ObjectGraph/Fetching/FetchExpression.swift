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
    /// A substitution variable, `$NAME`, replaced before evaluation. A key path from one,
    /// `$NAME.key.path`, is the variable of that dotted name, such as a fetched property's
    /// `$FETCH_SOURCE.name`.
    case variable(String)
    /// `SELF`: the evaluated object itself.
    case evaluatedObject
    /// A collection operator applied at the end of a key path through a to-many relationship:
    /// `players.@count`, `players.@max.number`.
    case aggregate(AggregateFunction, relationshipPath: [String], attribute: String?)
    /// A function applied to arguments: `price * quantity`, `abs(balance)`, `now()`,
    /// `SUBQUERY(…).@count`.
    case function(ExpressionFunction, [FetchExpression])
    /// `SUBQUERY(collection, $x, predicate)`: the objects of the to-many relationship at the
    /// end of `collection` that satisfy `predicate`, whose key paths start from each of them
    /// (`$x.number` is `.keyPath(["number"])`, `$x` itself ``evaluatedObject``). Only its count (`SUBQUERY(…).@count`, a
    /// ``function(_:_:)`` of ``ExpressionFunction/count``) can be fetched by.
    case subquery(collection: [String], variable: String, predicate: FetchPredicate)
}
