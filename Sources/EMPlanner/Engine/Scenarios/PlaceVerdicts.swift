/// What each final place means for one target: reached, missed, or left to the other groups.
struct PlaceVerdicts {
    /// What a scoreline gives a team for a target.
    enum Verdict: Hashable {
        /// The team reaches the target.
        case yes
        /// The team misses it.
        case no
        /// The decider settles it.
        case depends(NeedsDecider)
    }

    private let reached: Set<Int>
    private let leftToOtherGroups: Set<Int>

    /// The places of `target` under `ruleSet`; `thirdPlace` is what a third place counts as
    /// for going through where best thirds do.
    init(_ target: NeedsTarget, ruleSet: RuleSet, thirdPlace: Qualification) {
        let advancing = ruleSet.teamsAdvancingPerGroup
        let thirds: Set<Int> = ruleSet.bestThirdPlacedAdvancing > 0 ? [advancing + 1] : []
        let (certainThirds, possibleThirds): (Set<Int>, Set<Int>) =
            switch thirdPlace {
            case .certain: (thirds, [])
            case .possible: ([], thirds)
            case .impossible: ([], [])
            }
        switch target {
        case .first: (reached, leftToOtherGroups) = ([1], [])
        case .second: (reached, leftToOtherGroups) = ([2], [])
        case .topTwo: (reached, leftToOtherGroups) = ([1, 2], [])
        case .third: (reached, leftToOtherGroups) = ([3], [])
        case .bestThird: (reached, leftToOtherGroups) = (certainThirds, possibleThirds)
        case .through: (reached, leftToOtherGroups) = (Set(1...advancing).union(certainThirds), possibleThirds)
        }
    }

    /// The verdict for a team that can take any of `places`, level for `reason` when several.
    func verdict(_ places: ClosedRange<Int>, reason: LevelReason?) -> Verdict {
        let verdicts = Set(
            places.map { place -> Verdict in
                reached.contains(place) ? .yes : leftToOtherGroups.contains(place) ? .depends(.otherGroups) : .no
            })
        return verdicts.count == 1 ? verdicts.first! : .depends(.tie(reason ?? .criteriaExhausted))
    }
}
