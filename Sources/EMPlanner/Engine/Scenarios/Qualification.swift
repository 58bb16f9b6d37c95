/// Whether a team reaches the knockout stage.
public enum Qualification: String, Hashable, Sendable, CustomStringConvertible {
    /// The team goes through whatever the scores.
    case certain
    /// Some scores take the team through, some do not (or a ranking of third-placed teams
    /// still to be decided does).
    case possible
    /// No score takes the team through.
    case impossible

    /// The qualification as the JSON names it: `certain`, `possible` or `impossible`.
    public var description: String { rawValue }
}
