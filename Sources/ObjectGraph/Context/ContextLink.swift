/// The shared link from a context's objects to the context.
///
/// The context clears it first thing when it goes away (and when it resets), so that objects
/// that outlive it find no context: what a weak reference gives, without its cost on every
/// change (an atomic load through a side table).
final class ContextLink {
    /// The context, not retained.
    @exclusivity(unchecked) var unretainedContext: Unmanaged<ManagedObjectContext>?

    /// The context, while it is alive.
    var context: ManagedObjectContext? {
        get { unretainedContext?.takeUnretainedValue() }
        set { unretainedContext = newValue.map(Unmanaged.passUnretained) }
    }
}
