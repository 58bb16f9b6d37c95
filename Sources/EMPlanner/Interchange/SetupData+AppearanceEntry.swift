extension SetupData {
    /// A player in a match's line-up: a starter, or a substitute who came on for another.
    public struct AppearanceEntry: Equatable, Sendable {
        /// The player's team, by its German name; it plays the match.
        public var team: String
        /// The player's shirt number; `nil` for a player known by name only (``playerName``).
        public var player: Int?
        /// The player's name, for a player not in the squad; `nil` with a shirt number.
        public var playerName: String?
        /// For a starter, the line of the formation he played in, as the line-up is written
        /// (1 is the goalkeeper's); `nil` for a substitute.
        public var formationLine: Int?
        /// Whether he captained the team.
        public var captain: Bool
        /// For a substitute, the place (from 0) among the match's appearances of the player he
        /// replaced, an earlier one of his team; `nil` for a starter.
        public var replaces: Int?
        /// For a substitute, the minute he came on (1...130), when known.
        public var minute: Int?
        /// The minute of added time he came on in, if any.
        public var addedMinute: Int?

        /// Creates a starter (`formationLine`) or a substitute (`replaces`).
        public init(
            team: String, player: Int?, playerName: String? = nil, formationLine: Int? = nil, captain: Bool = false,
            replaces: Int? = nil, minute: Int? = nil, addedMinute: Int? = nil
        ) {
            self.team = team
            self.player = player
            self.playerName = playerName
            self.formationLine = formationLine
            self.captain = captain
            self.replaces = replaces
            self.minute = minute
            self.addedMinute = addedMinute
        }
    }
}
