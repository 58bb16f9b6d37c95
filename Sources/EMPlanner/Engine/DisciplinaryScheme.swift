/// How cards become disciplinary points, the fair-play criterion of the tie-breakers: fewer
/// points rank higher.
public struct DisciplinaryScheme: Hashable, Sendable {
    /// The cards shown to a team's players, or to its officials, during the group stage.
    public struct Cards: Hashable, Sendable {
        /// Yellow cards that were not followed by a red card in the same match.
        public var yellow: Int
        /// Red cards that came from a second yellow card in one match (the two yellows are not
        /// counted on their own).
        public var secondYellow: Int
        /// Direct red cards without an earlier yellow card in the match.
        public var directRed: Int
        /// Direct red cards shown to someone already booked in the match (the yellow is not
        /// counted on its own).
        public var yellowThenDirectRed: Int

        /// Cards as counted.
        public init(yellow: Int = 0, secondYellow: Int = 0, directRed: Int = 0, yellowThenDirectRed: Int = 0) {
            self.yellow = yellow
            self.secondYellow = secondYellow
            self.directRed = directRed
            self.yellowThenDirectRed = yellowThenDirectRed
        }
    }

    /// Points for a yellow card.
    public var yellowCard: Int
    /// Points for a red card from a second yellow card.
    public var secondYellow: Int
    /// Points for a direct red card.
    public var directRed: Int
    /// Points for a yellow card followed by a direct red card.
    public var yellowThenDirectRed: Int
    /// Whether cards shown to team officials count as well as the players' (EURO 2024).
    public var countsTeamOfficials: Bool

    /// A scheme of points per card.
    public init(yellowCard: Int, secondYellow: Int, directRed: Int, yellowThenDirectRed: Int, countsTeamOfficials: Bool) {
        self.yellowCard = yellowCard
        self.secondYellow = secondYellow
        self.directRed = directRed
        self.yellowThenDirectRed = yellowThenDirectRed
        self.countsTeamOfficials = countsTeamOfficials
    }

    /// UEFA's scheme: yellow 1, second yellow 3, direct red 3, yellow then direct red 4.
    ///
    /// - Parameter countsTeamOfficials: Whether team officials' cards count.
    public static func uefa(countsTeamOfficials: Bool) -> DisciplinaryScheme {
        DisciplinaryScheme(
            yellowCard: 1, secondYellow: 3, directRed: 3, yellowThenDirectRed: 4, countsTeamOfficials: countsTeamOfficials)
    }

    /// A team's disciplinary points.
    ///
    /// - Parameters:
    ///   - players: The cards shown to the team's players.
    ///   - officials: The cards shown to the team's officials; ignored unless the scheme
    ///     counts them.
    /// - Returns: The points; fewer rank higher.
    public func points(players: Cards, officials: Cards = Cards()) -> Int {
        points(for: players) + (countsTeamOfficials ? points(for: officials) : 0)
    }

    private func points(for cards: Cards) -> Int {
        cards.yellow * yellowCard + cards.secondYellow * secondYellow + cards.directRed * directRed
            + cards.yellowThenDirectRed * yellowThenDirectRed
    }
}
