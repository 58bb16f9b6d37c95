/// Why teams level on every result could not be separated by the data given.
public enum LevelReason: Hashable, Sendable, CustomStringConvertible {
    /// Disciplinary points would decide, but some of the teams have none recorded.
    case noCardsRecorded
    /// The ranking would decide, but some of the teams have no position given.
    case noRankingGiven
    /// A drawing of lots decides.
    case drawingOfLots
    /// The last-round penalty case applies, but no shoot-out is recorded.
    case noShootOutRecorded
    /// The rule set has no criterion left.
    case criteriaExhausted

    /// The reason in words, such as `no cards recorded`.
    public var description: String {
        switch self {
        case .noCardsRecorded: "no cards recorded"
        case .noRankingGiven: "no ranking given"
        case .drawingOfLots: "drawing of lots"
        case .noShootOutRecorded: "no shoot-out recorded"
        case .criteriaExhausted: "no criterion left"
        }
    }
}
