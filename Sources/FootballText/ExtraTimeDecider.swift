/// A special rule that ended extra time, written `(aet/gg)` or `(aet/sg)` after the teams.
public enum ExtraTimeDecider: String, Hashable, Sendable, CaseIterable {
    /// The golden goal: the first goal in extra time ended the match (`aet/gg`, EURO 1996 and 2000).
    case goldenGoal = "gg"
    /// The silver goal: the team ahead after the first half of extra time won (`aet/sg`, EURO 2004).
    case silverGoal = "sg"
}
