/// What a team needs for one target: whether it is certain, possible or out of reach, and the
/// conditions that take the team there.
public struct TargetNeeds: Hashable, Sendable {
    /// The target.
    public var target: NeedsTarget
    /// Whether the team reaches the target whatever the scores (`certain`), with some scores
    /// (`possible`), or with none (`impossible`).
    public var status: Qualification
    /// The conditions while ``status`` is `possible`; empty otherwise.
    ///
    /// Simplest first, those under which the results take the team there
    /// (``NeedsCondition/decider`` `nil`), then those under which they leave it to a decider.
    /// No scoreline outside them reaches the target.
    public var conditions: [NeedsCondition]

    /// A target's needs.
    public init(target: NeedsTarget, status: Qualification, conditions: [NeedsCondition]) {
        self.target = target
        self.status = status
        self.conditions = conditions
    }
}
