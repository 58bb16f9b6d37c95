/// A setup's results completed from another setup of the same tournament: the goals, cards,
/// line-ups and shoot-outs, as a Football.TXT file holds them.
extension SetupData {
    /// This setup with the goals, cards, line-ups and shoot-outs of the same matches in `events`.
    ///
    /// Each played match takes them from the match of `events` in the same round between the
    /// same teams (by code, home first), and the score at half time and after 90 minutes where
    /// it has none. Teams are named as this setup names them; players keep the shirt numbers
    /// `events` gives them, which this setup's squads must wear.
    ///
    /// - Parameters:
    ///   - events: The setup with the events, such as ``FootballTextImport/setup``.
    ///   - source: What to call `events` in errors.
    /// - Returns: The setup with the events, not validated again.
    /// - Throws: ``SetupError`` naming the match of `events` that is missing or has another result.
    func addingEvents(of events: SetupData, source: String) throws(SetupError) -> SetupData {
        let codesByName = Dictionary(events.allTeams.map { ($0.name, $0.code) }, uniquingKeysWith: { first, _ in first })
        let namesByCode = Dictionary(allTeams.map { ($0.code, $0.name) }, uniquingKeysWith: { first, _ in first })
        func rename(_ name: String) -> String { codesByName[name].flatMap { namesByCode[$0] } ?? name }
        func key(_ match: MatchEntry, codes: (String) -> String?) -> String? {
            guard let home = match.home.flatMap(codes), let away = match.away.flatMap(codes) else { return nil }
            return "\(match.round) \(home)-\(away)"
        }
        let byKey = Dictionary(
            events.matches.compactMap { match in key(match, codes: { codesByName[$0] }).map { ($0, match) } },
            uniquingKeysWith: { first, _ in first })
        let selfCodes = Dictionary(allTeams.map { ($0.name, $0.code) }, uniquingKeysWith: { first, _ in first })
        var setup = self
        for (index, match) in matches.enumerated() where match.homeGoals != nil {
            let pairing = key(match, codes: { selfCodes[$0] }) ?? "match \(index + 1)"
            guard let played = byKey[pairing] else {
                throw SetupError(source: source, keyPath: "", message: "no match \(pairing)")
            }
            guard
                (played.homeGoals, played.awayGoals, played.homePenalties, played.awayPenalties)
                    == (match.homeGoals, match.awayGoals, match.homePenalties, match.awayPenalties)
            else {
                throw SetupError(source: source, keyPath: "", message: "match \(pairing) has another result")
            }
            var merged = match
            merged.goals = played.goals.map { renamed($0, rename) }
            merged.cards = played.cards.map { renamed($0, rename) }
            merged.appearances = played.appearances.map { renamed($0, rename) }
            merged.penaltyKicks = played.penaltyKicks.map { renamed($0, rename) }
            if merged.homeHalfTimeGoals == nil, merged.awayHalfTimeGoals == nil {
                merged.homeHalfTimeGoals = played.homeHalfTimeGoals
                merged.awayHalfTimeGoals = played.awayHalfTimeGoals
            }
            if merged.homeFullTimeGoals == nil, merged.awayFullTimeGoals == nil {
                merged.homeFullTimeGoals = played.homeFullTimeGoals
                merged.awayFullTimeGoals = played.awayFullTimeGoals
            }
            setup.matches[index] = merged
        }
        return setup
    }
}

/// An event of a match that names its team.
private protocol TeamEvent {
    /// The team, by its German name.
    var team: String { get set }
}

extension SetupData.GoalEntry: TeamEvent {}
extension SetupData.CardEntry: TeamEvent {}
extension SetupData.AppearanceEntry: TeamEvent {}
extension SetupData.PenaltyKickEntry: TeamEvent {}

/// `event` with its team renamed by `rename`.
private func renamed<Event: TeamEvent>(_ event: Event, _ rename: (String) -> String) -> Event {
    var event = event
    event.team = rename(event.team)
    return event
}
