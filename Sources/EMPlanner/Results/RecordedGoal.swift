/// A goal recorded or removed.
public struct RecordedGoal {
    /// The goal (unsaved), for the planner and its tests.
    let goal: Goal
    /// The goal in a few words, as messages name it
    /// (`goal 17' DEN 7 Pierre-Emile Højbjerg in match 1 SVN-DEN`).
    public let label: String
}
