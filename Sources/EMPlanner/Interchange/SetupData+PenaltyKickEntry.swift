extension SetupData {
    /// One kick of a match's penalty shoot-out, in the order taken.
    public struct PenaltyKickEntry: Equatable, Sendable {
        /// The kicker's team, by its German name.
        public var team: String
        /// The kicker's shirt number; `nil` for a kicker known by name only (``playerName``).
        public var player: Int?
        /// The kicker's name, for a kicker not in the squad; `nil` with a shirt number.
        public var playerName: String?
        /// Whether he scored.
        public var scored: Bool
        /// What became of a missed kick, as reported (`saved`, `over`), if known.
        public var note: String?

        /// Creates a kick.
        public init(team: String, player: Int?, playerName: String? = nil, scored: Bool, note: String? = nil) {
            self.team = team
            self.player = player
            self.playerName = playerName
            self.scored = scored
            self.note = note
        }
    }
}
