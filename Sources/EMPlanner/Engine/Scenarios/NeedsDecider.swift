/// What decides where the results of a group leave a team short of an answer.
public enum NeedsDecider: Hashable, Sendable {
    /// The team ends level with others on every result-based criterion: the first criterion
    /// the results cannot give (disciplinary points, a ranking, a shoot-out, lots) decides.
    case tie(LevelReason)
    /// The team ends third: the ranking of the third-placed teams across the groups decides.
    case otherGroups

    /// The decider as the JSON names it: `disciplinaryPoints`, `ranking`, `shootOut`,
    /// `drawingOfLots`, `noCriterion` or `otherGroups`.
    public var name: String {
        switch self {
        case .tie(.noCardsRecorded): "disciplinaryPoints"
        case .tie(.noRankingGiven): "ranking"
        case .tie(.noShootOutRecorded): "shootOut"
        case .tie(.drawingOfLots): "drawingOfLots"
        case .tie(.criteriaExhausted): "noCriterion"
        case .otherGroups: "otherGroups"
        }
    }

    /// The decider in a sentence's words under `ruleSet`, such as `disciplinary points decide`.
    func words(ruleSet: RuleSet) -> String {
        switch self {
        case .tie(.noCardsRecorded): "disciplinary points decide"
        case .tie(.noRankingGiven): "the \(ruleSet.rankingName) decides"
        case .tie(.noShootOutRecorded): "a penalty shoot-out between the two decides"
        case .tie(.drawingOfLots): "a drawing of lots decides"
        case .tie(.criteriaExhausted): "no criterion decides"
        case .otherGroups: "it depends on the other groups"
        }
    }
}
