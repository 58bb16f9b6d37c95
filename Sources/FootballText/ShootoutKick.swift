/// One kick of a penalty shoot-out as a `Penalties:` line lists it: `1-0 Masny`, or a missed
/// kick without a score, `U.Hoeneß (over)`, `Collovati (saved)`.
public struct ShootoutKick: Hashable, Sendable {
    /// The shoot-out's score after this kick, written before the name of a kick that was
    /// scored; nil for a missed kick.
    public var score: GoalPair?
    /// The kicker's name.
    public var player: String
    /// The bracketed note after the name (`over`, `saved`), or nil.
    public var note: String?

    /// A kick by `player`.
    public init(score: GoalPair?, player: String, note: String? = nil) {
        self.score = score
        self.player = player
        self.note = note
    }

    /// Whether the kick was scored (the list gives a score for it).
    public var isScored: Bool { score != nil }
}
