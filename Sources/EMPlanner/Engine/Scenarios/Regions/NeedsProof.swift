/// Proves a team's needs for every scoreline of its group's open matches, however many goals:
/// that each condition, read over the integers, holds only where the team gets what the
/// condition says, and that the conditions together hold wherever it does.
///
/// The conditions come from scorelines up to a bound (``NeedsSearch``, ``ConditionCover``). The
/// proof works on the regions of ``OutcomeRegions`` instead: on each, every scoreline ranks
/// alike and each bound of a condition is an affine constraint, so whether a condition meets a
/// region, or the conditions leave part of it out, is whether an ``IntegerSystem`` has a
/// solution.
struct NeedsProof {
    /// A condition as the proof reads it: its results and bounds, and what it promises.
    struct Claim {
        /// The results and bounds.
        var term: ConditionCover.Term
        /// What the team gets wherever the term holds.
        var verdict: PlaceVerdicts.Verdict
    }

    private let search: ScenarioSearch
    private let regions: [OutcomeRegions.Region]

    /// The proof over every region of `search`'s open matches.
    ///
    /// - Complexity: One ``OutcomeRegions`` search per home/draw/away combination.
    init(_ search: ScenarioSearch) {
        self.search = search
        regions = search.outcomeCombinations.flatMap { OutcomeRegions(search, outcomes: $0, keepsRegions: true).regions }
    }

    /// The regions as one team sees them for one target: what `places` (by the region's
    /// outcomes) gives `team` on each,
    /// and its open matches read in `order` (for each, its index in the search's open
    /// matches), the first from the team's side where `playsFirst`.
    func target(_ places: ([MatchOutcome]) -> PlaceVerdicts, team: String, order: [Int], playsFirst: Bool) -> Target {
        Target(
            regions: regions.map { region in
                let placing = NeedsSearch.placing(of: team, in: region.resolution)
                return Target.Region(
                    system: region.system, verdict: places(region.outcomes).verdict(placing.places, reason: placing.reason),
                    readings: readings(of: region, team: team, order: order, playsFirst: playsFirst))
            })
    }

    /// One team's regions for one target.
    struct Target {
        /// A region: its constraints, what the team gets on it, and its open matches as the
        /// conditions read them.
        fileprivate struct Region {
            var system: IntegerSystem
            var verdict: PlaceVerdicts.Verdict
            var readings: [Reading]
        }

        fileprivate let regions: [Region]

        /// Whether `claim` holds only where the team gets what it promises: its term meets no
        /// region with another verdict.
        func admits(_ claim: Claim) -> Bool {
            regions.allSatisfy { region in
                guard region.verdict != claim.verdict, let bounds = Self.bounds(of: claim.term, on: region) else {
                    return true
                }
                var system = region.system
                for bound in bounds { bound.constrain(&system) }
                return system.solution() == nil
            }
        }

        /// Whether `status` and `claims` are exact: a certain target reached and an
        /// impossible one missed on every region; every claim admitted, and the claims
        /// promising each verdict other than a miss holding everywhere it is given.
        func proves(_ claims: [Claim], status: Qualification) -> Bool {
            switch status {
            case .certain: return regions.allSatisfy { $0.verdict == .yes }
            case .impossible: return regions.allSatisfy { $0.verdict == .no }
            case .possible: break
            }
            guard claims.allSatisfy(admits) else { return false }
            var budget = NeedsProof.solutionBudget
            return regions.allSatisfy { region in
                guard region.verdict != .no else { return true }
                let covering = claims.filter { $0.verdict == region.verdict }.compactMap { claim -> [Bound]? in
                    guard let bounds = Self.bounds(of: claim.term, on: region) else { return nil }
                    var meeting = region.system
                    for bound in bounds { bound.constrain(&meeting) }
                    return meeting.solution() == nil ? nil : bounds
                }
                return !NeedsProof.escapes(region.system, covering.sorted { $0.count < $1.count }[...], budget: &budget)
            }
        }

        /// The bounds of `term` on `region`, or `nil` where its results are not the region's.
        private static func bounds(of term: ConditionCover.Term, on region: Region) -> [Bound]? {
            guard zip(term.outcomes, region.readings).allSatisfy({ $0.contains($1.outcome) }) else { return nil }
            return term.atoms.map { Bound(atom: $0, form: NeedsProof.form(of: $0.coordinate, region.readings)) }
        }
    }

    /// A bound of a condition on one region: the atom and its coordinate as a function of the
    /// region's variables.
    fileprivate struct Bound {
        var atom: ConditionCover.Atom
        var form: AffineForm

        /// Adds the bound to `system`.
        func constrain(_ system: inout IntegerSystem) {
            switch atom.relation {
            case .atLeast: system.require(form, atLeast: atom.value)
            case .atMost: system.require(-form, atLeast: -atom.value)
            case .exactly: system.requireZero(form - AffineForm(constant: atom.value, variableCount: form.coefficients.count))
            }
        }

        /// The bounds, one of which holds wherever this one does not.
        var complements: [Bound] {
            let complement = { (relation: ConditionCover.Relation, value: Int) in
                Bound(atom: ConditionCover.Atom(coordinate: atom.coordinate, relation: relation, value: value), form: form)
            }
            switch atom.relation {
            case .atLeast: return [complement(.atMost, atom.value - 1)]
            case .atMost: return [complement(.atLeast, atom.value + 1)]
            case .exactly: return [complement(.atMost, atom.value - 1), complement(.atLeast, atom.value + 1)]
            }
        }
    }

    /// The most systems ``Target/proves(_:status:)`` solves to show that the conditions cover
    /// every region: many conditions that each hold for one scoreline (as where no bound can
    /// state a margin) would otherwise take time exponential in their number.
    static let solutionBudget = 4_000

    /// Whether some integer solution of `system` lies outside every term, given by its bounds,
    /// or showing none does would solve more systems than `budget` has left.
    fileprivate static func escapes(_ system: IntegerSystem, _ terms: ArraySlice<[Bound]>, budget: inout Int) -> Bool {
        budget -= 1
        guard budget > 0 else { return true }
        guard system.solution() != nil else { return false }
        guard let term = terms.first else { return true }
        return term.contains { bound in
            bound.complements.contains { complement in
                var narrowed = system
                complement.constrain(&narrowed)
                return escapes(narrowed, terms.dropFirst(), budget: &budget)
            }
        }
    }

    /// An open match as a condition reads it on a region (see ``MatchReading``).
    fileprivate struct Reading {
        var outcome: TeamOutcome
        var margin: AffineForm
        var goals: AffineForm
    }

    /// `coordinate` on a region whose matches read as `readings`.
    fileprivate static func form(of coordinate: ConditionCover.Coordinate, _ readings: [Reading]) -> AffineForm {
        coordinate.parts.dropFirst().reduce(part(coordinate.parts[0], readings)) { $0 + part($1, readings) }
    }

    private static func part(_ part: (factor: Int, isMargin: Bool, match: Int), _ readings: [Reading]) -> AffineForm {
        part.factor * (part.isMargin ? readings[part.match].margin : readings[part.match].goals)
    }

    /// Each open match of `order` as a condition reads it on `region`: the result from its
    /// side, and the margin and goals as functions of the region's variables.
    private func readings(
        of region: OutcomeRegions.Region, team: String, order: [Int], playsFirst: Bool
    ) -> [Reading] {
        let variableCount = 2 * search.open.count
        return order.enumerated().map { slot, open in
            let match = search.matches[search.open[open]]
            let isOwn = playsFirst && slot == 0
            let fromHome = !isOwn || match.home == team
            let outcome: TeamOutcome =
                switch (region.outcomes[open], fromHome) {
                case (.draw, _): .draw
                case (.home, true), (.away, false): .win
                default: .loss
                }
            let losing = OutcomeRegions.variable(2 * open, of: variableCount)
            let margin = OutcomeRegions.variable(2 * open + 1, of: variableCount)
            // The team's own goals, else the winner's.
            let goals = isOwn && outcome != .win ? losing : losing + margin
            return Reading(outcome: outcome, margin: margin, goals: goals)
        }
    }
}
