/// A knockout round, named as the planner names rounds (`round16`, `quarterfinal`, `semifinal`,
/// `thirdPlace`, `final`); the group stage is not one.
public enum KnockoutRound: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The round of 16 (24-team formats).
    case round16
    /// The quarter-finals.
    case quarterfinal
    /// The semi-finals.
    case semifinal
    /// The match for third place between the losing semi-finalists (1960 to 1980).
    case thirdPlace
    /// The final.
    case final

    /// The planner's name of the round, such as `quarterfinal`.
    public var description: String { rawValue }
}
