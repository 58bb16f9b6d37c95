/// A bracket match as the results so far decide it: who plays and who went through.
public struct KnockoutMatchState: Hashable, Sendable {
    /// The bracket match: number, round and slot labels.
    public var match: BracketMatch
    /// Who plays as the home side.
    public var home: SlotAssignment
    /// Who plays as the away side.
    public var away: SlotAssignment
    /// Who went through.
    public var winner: SlotAssignment

    /// A match's state.
    public init(match: BracketMatch, home: SlotAssignment, away: SlotAssignment, winner: SlotAssignment) {
        self.match = match
        self.home = home
        self.away = away
        self.winner = winner
    }

    /// The match number.
    public var number: Int { match.number }

    /// Who went out: the side that did not win, once the winner is known.
    public var loser: SlotAssignment {
        guard let winner = winner.team, let home = home.team, let away = away.team else { return winner }
        return .team(winner == home ? away : home)
    }
}
