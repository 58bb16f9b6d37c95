/// A condition on objects, in the spirit of `NSPredicate`.
///
/// Build one from a format string (`FetchPredicate(format: "team.name == %@", "Polen")`) or
/// directly from the cases. The same predicate is translated to SQL by the SQLite store and
/// evaluated on objects in memory; both give the same answer.
public indirect enum FetchPredicate: Hashable, Sendable {
    /// `TRUEPREDICATE` (`true`) or `FALSEPREDICATE` (`false`).
    case constant(Bool)
    /// All subpredicates hold (`AND`, `&&`). An empty list is true.
    case and([FetchPredicate])
    /// At least one subpredicate holds (`OR`, `||`). An empty list is false.
    case or([FetchPredicate])
    /// The subpredicate does not hold (`NOT`, `!`).
    case not(FetchPredicate)
    /// A comparison of two expressions.
    case comparison(ComparisonPredicate)
}
