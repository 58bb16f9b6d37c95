/// What a team needs from its group's open matches to finish first, second, in the top two,
/// third, among the best thirds or through: for each target whether it is certain, possible
/// or impossible, and the exact conditions on results, margins and goals.
///
/// Worked out from the last matchday on (at most ``maximumOpenMatches`` open matches). Every
/// scoreline up to a bound is tried (``NeedsSearch``) and the scorelines that reach a target
/// are described by conditions (``ConditionCover``) that hold for exactly those scorelines.
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

    /// The most open matches a group may have: the conditions come from every scoreline up to
    /// a bound, whose number grows with the bound to the power of twice the open matches.
    public static let maximumOpenMatches = 2

    /// The needs of `team` in `group` under `ruleSet`.
    ///
    /// - Precondition: `team` is in the group, which has at most ``maximumOpenMatches`` open
    ///   matches.
    /// - Parameter thirdPlace: What a third place counts as where best thirds go through
    ///   (see ``GroupScenarios/init(_:ruleSet:thirdPlace:)``).
    public init(_ group: GroupResults, team: String, ruleSet: RuleSet, thirdPlace: Qualification = .possible) {
        self.init(NeedsSearch(group, ruleSet: ruleSet), group: group.name, team: team, ruleSet: ruleSet, thirdPlace: thirdPlace)
    }

    /// The needs of every team of `group`, in the group's team order, searching its
    /// scorelines once.
    public static func all(_ group: GroupResults, ruleSet: RuleSet, thirdPlace: Qualification = .possible) -> [TeamNeeds] {
        let search = NeedsSearch(group, ruleSet: ruleSet)
        return search.search.teams.map {
            TeamNeeds(search, group: group.name, team: $0, ruleSet: ruleSet, thirdPlace: thirdPlace)
        }
    }

    private init(_ search: NeedsSearch, group: String, team: String, ruleSet: RuleSet, thirdPlace: Qualification) {
        precondition(search.search.teams.contains(team), "\(team) is not in group \(group)")
        precondition(search.search.open.count <= Self.maximumOpenMatches, "group \(group): too many open matches")
        let open = search.search.open.map { search.search.matches[$0] }
        let order = open.indices.filter { open[$0].involves(team) } + open.indices.filter { !open[$0].involves(team) }
        self.team = team
        self.group = group
        remaining = order.map { open[$0] }
        remainingIndices = order.map { search.search.openInGroup[$0] }
        playsFirstRemaining = remaining.first?.involves(team) ?? false
        let own = playsFirstRemaining
        let points = search.scorelines.map { line in
            order.enumerated().map { slot, match in
                let isOwn = own && slot == 0
                return MatchReading(line[match], fromHome: isOwn ? open[match].home == team : true, countsOwnGoals: isOwn)
            }
        }
        let placings = search.scorelines.indices.map { search.placing(of: team, at: $0) }
        let cover = ConditionCover(points: points, limit: search.thresholdLimit)
        let views = remaining.enumerated().map { slot, match in
            own && slot == 0
                ? NeedsCondition.View(match: slot, subject: team, opponent: match.opponent(of: team), isOwn: true)
                : NeedsCondition.View(match: slot, subject: match.home, opponent: match.away, isOwn: false)
        }
        targets = NeedsTarget.allCases.filter { $0 != .bestThird || ruleSet.bestThirdPlacedAdvancing > 0 }.map { target in
            let places = PlaceVerdicts(target, ruleSet: ruleSet, thirdPlace: thirdPlace)
            let verdicts = placings.map { places.verdict($0.places, reason: $0.reason) }
            if verdicts.allSatisfy({ $0 == .yes }) { return TargetNeeds(target: target, status: .certain, conditions: []) }
            if verdicts.allSatisfy({ $0 == .no }) { return TargetNeeds(target: target, status: .impossible, conditions: []) }
            var deciders: [NeedsDecider?] = [nil]
            for case .depends(let decider) in verdicts where !deciders.contains(decider) { deciders.append(decider) }
            let conditions = deciders.flatMap { decider in
                let wanted: PlaceVerdicts.Verdict = decider.map { .depends($0) } ?? .yes
                return cover.terms { verdicts[$0] == wanted }.map {
                    NeedsCondition($0, views: views, decider: decider, ruleSet: ruleSet)
                }
            }
            return TargetNeeds(target: target, status: .possible, conditions: conditions)
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
