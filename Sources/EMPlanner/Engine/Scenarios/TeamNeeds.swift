/// What a team needs from its group's open matches to finish first, second, in the top two,
/// third, among the best thirds or through: for each target whether it is certain, possible
/// or impossible, and the exact conditions on results, margins and goals.
///
/// Worked out from the last matchday on (at most ``maximumOpenMatches`` open matches). Every
/// scoreline up to a bound is tried (``NeedsSearch``) and the scorelines that reach a target
/// are described by conditions (``ConditionCover``) that hold for exactly those scorelines.
/// The conditions are then proven for every scoreline, however many goals, on the regions of
/// scorelines that rank alike (``NeedsProof``), and a condition the proof refutes is never
/// chosen; where the proof still fails, ``goalLimit`` says up to where they are exact.
/// Where the results leave the team level with others on every result-based criterion, the
/// condition names what decides instead (``NeedsDecider``): such scorelines count neither as
/// reaching the target nor as missing it. A third place in a 24-team format goes through
/// depending on the other groups, unless the ranking of the thirds is already decided.
public struct TeamNeeds: Hashable, Sendable {
    /// The team's code.
    public var team: String
    /// The group's name.
    public var group: String
    /// The group's open matches: the team's own first, then the others, in group order.
    public var remaining: [GroupMatch]
    /// The index of each of ``remaining`` in the matches of the ``GroupResults`` given.
    public var remainingIndices: [Int]
    /// Whether the first of ``remaining`` is the team's own match.
    public var playsFirstRemaining: Bool
    /// The targets: first, second, top two, third, best third (in formats where best thirds
    /// go through) and through.
    public var targets: [TargetNeeds]
    /// `nil` where the conditions are proven for every scoreline, however many goals;
    /// otherwise the most goals a side of the scorelines they were found on, for which they
    /// hold exactly.
    public var goalLimit: Int?

    /// The most open matches a group may have: the conditions come from every scoreline up to
    /// a bound, whose number grows with the bound to the power of twice the open matches.
    public static let maximumOpenMatches = 2

    /// The needs of `team` in `group` under `ruleSet`.
    ///
    /// - Precondition: `team` is in the group, which has at most ``maximumOpenMatches`` open
    ///   matches.
    /// - Parameters:
    ///   - thirdPlace: What a third place counts as where best thirds go through (see
    ///     ``GroupScenarios/init(_:ruleSet:thirdPlace:)``).
    ///   - thirdPlaceByOutcome: What a third place counts as under some home/draw/away
    ///     combinations of the open matches (keyed as ``OutcomeScenario/results``), where it
    ///     differs from `thirdPlace`: as ``GroupScenarios/settleThirdPlaces(_:ruleSet:)`` finds.
    public init(
        _ group: GroupResults, team: String, ruleSet: RuleSet, thirdPlace: Qualification = .possible,
        thirdPlaceByOutcome: [[MatchOutcome]: Qualification] = [:]
    ) {
        let search = NeedsSearch(group, ruleSet: ruleSet)
        self.init(
            search, proof: NeedsProof(search.search), group: group, team: team,
            thirdPlace: ThirdPlaceVerdicts(overall: thirdPlace, byOutcome: thirdPlaceByOutcome))
    }

    /// The needs of every team of `group`, in the group's team order, searching its
    /// scorelines once.
    public static func all(_ group: GroupResults, ruleSet: RuleSet, thirdPlace: Qualification = .possible) -> [TeamNeeds] {
        let search = NeedsSearch(group, ruleSet: ruleSet)
        let proof = NeedsProof(search.search)
        return search.search.teams.map {
            TeamNeeds(search, proof: proof, group: group, team: $0, thirdPlace: ThirdPlaceVerdicts(overall: thirdPlace))
        }
    }

    private init(
        _ search: NeedsSearch, proof: NeedsProof, group: GroupResults, team: String, thirdPlace: ThirdPlaceVerdicts
    ) {
        precondition(search.search.teams.contains(team), "\(team) is not in group \(group.name)")
        precondition(search.search.open.count <= Self.maximumOpenMatches, "group \(group.name): too many open matches")
        let open = search.search.open.map { search.search.matches[$0] }
        let order = open.indices.filter { open[$0].involves(team) } + open.indices.filter { !open[$0].involves(team) }
        self.team = team
        self.group = group.name
        remaining = order.map { open[$0] }
        remainingIndices = order.map { search.search.openInGroup[$0] }
        playsFirstRemaining = remaining.first?.involves(team) ?? false
        let plan = Plan(team: team, order: order, playsFirst: playsFirstRemaining, thirdPlace: thirdPlace)
        let (targets, proven) = plan.targets(search, proof: proof)
        self.targets = targets
        goalLimit = proven ? nil : search.bound
    }

    /// The most conditions the proof refuses, per target and decider, before the rest are taken
    /// as the scorelines up to the bound show them.
    private static let refusalLimit = 32

    /// How the conditions of one team are worked out and proven.
    private struct Plan {
        var team: String
        /// The open matches, the team's own first: for each, its index among the search's.
        var order: [Int]
        var playsFirst: Bool
        var thirdPlace: ThirdPlaceVerdicts

        /// Every target's needs from the scorelines of `search`, and whether `proof` shows them
        /// exact for every scoreline.
        func targets(_ search: NeedsSearch, proof: NeedsProof) -> (targets: [TargetNeeds], proven: Bool) {
            let ruleSet = search.search.ruleSet
            let open = search.search.open.map { search.search.matches[$0] }
            let points = search.scorelines.map { line in
                order.enumerated().map { slot, match in
                    let isOwn = playsFirst && slot == 0
                    return MatchReading(line[match], fromHome: isOwn ? open[match].home == team : true, countsOwnGoals: isOwn)
                }
            }
            let placings = search.scorelines.indices.map { search.placing(of: team, at: $0) }
            let outcomes = search.scorelines.map { $0.map(MatchOutcome.init) }
            let cover = ConditionCover(points: points, limit: search.thresholdLimit)
            let views = order.enumerated().map { slot, match in
                playsFirst && slot == 0
                    ? NeedsCondition.View(match: slot, subject: team, opponent: open[match].opponent(of: team), isOwn: true)
                    : NeedsCondition.View(match: slot, subject: open[match].home, opponent: open[match].away, isOwn: false)
            }
            var proven = true
            let targets = NeedsTarget.allCases.filter { $0 != .bestThird || ruleSet.bestThirdPlacedAdvancing > 0 }.map {
                target in
                var placesByOutcome: [[MatchOutcome]: PlaceVerdicts] = [:]
                let places = { (outcomes: [MatchOutcome]) -> PlaceVerdicts in
                    if let known = placesByOutcome[outcomes] { return known }
                    let places = PlaceVerdicts(target, ruleSet: ruleSet, thirdPlace: thirdPlace[outcomes])
                    placesByOutcome[outcomes] = places
                    return places
                }
                let verdicts = zip(placings, outcomes).map { placing, outcomes in
                    places(outcomes).verdict(placing.places, reason: placing.reason)
                }
                let status: Qualification =
                    verdicts.allSatisfy { $0 == .yes } ? .certain : verdicts.allSatisfy { $0 == .no } ? .impossible : .possible
                var deciders: [NeedsDecider?] = status == .possible ? [nil] : []
                for case .depends(let decider) in verdicts where status == .possible && !deciders.contains(decider) {
                    deciders.append(decider)
                }
                let regions = proof.target(places, team: team, order: order, playsFirst: playsFirst)
                let claims = deciders.flatMap { decider in
                    let wanted: PlaceVerdicts.Verdict = decider.map { .depends($0) } ?? .yes
                    // Past a few refusals, the conditions cannot be stated in bounds the proof
                    // admits (as where a margin lies beyond the search): the terms are taken as
                    // the scorelines show them, and the proof fails.
                    var refusals = 0
                    let admits = { (term: ConditionCover.Term) -> Bool in
                        guard refusals < TeamNeeds.refusalLimit else { return true }
                        let admitted = regions.admits(NeedsProof.Claim(term: term, verdict: wanted))
                        if !admitted { refusals += 1 }
                        return admitted
                    }
                    return cover.terms(where: { verdicts[$0] == wanted }, admits: admits)
                        .map { NeedsProof.Claim(term: $0, verdict: wanted) }
                }
                proven = proven && regions.proves(claims, status: status)
                let conditions = claims.map { claim in
                    let decider: NeedsDecider? = if case .depends(let decider) = claim.verdict { decider } else { nil }
                    return NeedsCondition(claim.term, views: views, decider: decider, ruleSet: ruleSet)
                }
                return TargetNeeds(target: target, status: status, conditions: conditions)
            }
            return (targets, proven)
        }
    }

    /// The needs for `target`, if the format has it.
    public func needs(for target: NeedsTarget) -> TargetNeeds? {
        targets.first { $0.target == target }
    }
}

extension GroupMatch {
    /// Whether `team` plays the match.
    func involves(_ team: String) -> Bool { home == team || away == team }

    /// The other side of the match from `team`.
    func opponent(of team: String) -> String { home == team ? away : home }
}
