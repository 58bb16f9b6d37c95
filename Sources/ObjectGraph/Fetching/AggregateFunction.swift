/// A collection operator usable in key paths (`@count`, `@sum`, `@avg`, `@min`, `@max`).
public enum AggregateFunction: String, Hashable, Sendable, CaseIterable {
    /// `@count`: how many objects the relationship holds.
    case count
    /// `@sum` of an attribute over the related objects.
    case sum
    /// `@avg` of an attribute over the related objects.
    case avg
    /// `@min` of an attribute over the related objects.
    case min
    /// `@max` of an attribute over the related objects.
    case max
}
