/// One destination of a to-many relationship as a store reads it: the source it belongs to and
/// the destination's saved state.
struct RelatedRow {
    /// The source's position in the sources the store was asked about.
    var source: Int
    var destination: ManagedObjectID
    var snapshot: Snapshot
}
