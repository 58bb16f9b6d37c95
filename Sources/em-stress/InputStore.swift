import Foundation

/// What is at a malformed input's store path (`@STORE`) before em runs.
enum InputStore: Sendable {
    /// A copy of the EURO 2012 store.
    case planner
    /// Nothing.
    case absent
    /// A file of these bytes: empty, random, truncated, text.
    case bytes(Data)
    /// A new SQLite database made by this SQL: another application's.
    case sqlite(String)
    /// A copy of the EURO 2012 store changed by this SQL behind em's back.
    case editedPlanner(String)
    /// An empty folder.
    case folder
}
