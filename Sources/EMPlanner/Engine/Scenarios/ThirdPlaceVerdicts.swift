/// What a third place counts as for one team, overall and under some outcome combinations.
struct ThirdPlaceVerdicts {
    /// What it counts as where `byOutcome` says nothing.
    var overall: Qualification
    /// What it counts as under these home/draw/away combinations of the open matches.
    var byOutcome: [[MatchOutcome]: Qualification] = [:]

    /// What a third place counts as under `outcomes`.
    subscript(_ outcomes: [MatchOutcome]) -> Qualification {
        byOutcome[outcomes] ?? overall
    }
}
