// Unsafe: the link holds its context unretained (`Unmanaged`), a weak reference without its cost; the invariant
// is at `unretainedContext`.

/// The shared link from a context's objects to the context.
///
/// The context clears it first thing when it goes away (and when it resets), so that objects
/// that outlive it find no context: what a weak reference gives, without its cost on every
/// change (an atomic load through a side table).
final class ContextLink {
    /// The context, not retained.
    ///
    /// Alive whenever it is not `nil`: the context sets it in `init` and clears it first thing in `deinit`,
    /// before anything else can run on its thread, the only thread its objects are used on (`reset()` clears it
    /// too, and makes a new link). Exclusivity unchecked: accessed on that thread only, and setting it releases
    /// nothing, so no other access can start inside one.
    @exclusivity(unchecked) var unretainedContext: Unmanaged<ManagedObjectContext>?

    /// The context, while it is alive.
    var context: ManagedObjectContext? {
        get { unretainedContext?.takeUnretainedValue() }
        set { unretainedContext = newValue.map(Unmanaged.passUnretained) }
    }
}
