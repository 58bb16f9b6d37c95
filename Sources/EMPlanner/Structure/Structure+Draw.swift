import ObjectGraph

/// The draw of a tournament seeded before it: EURO 2028's file names slots (`A1` … `F4`)
/// where teams will be, and the planner holds a stand-in team for each until the draw fills
/// it.
extension Structure {
    /// The teams that stand for slots still to be drawn, by slot (`A1`, `A2`, …).
    ///
    /// - Complexity: One query.
    func teamsAwaitingDraw() throws -> [Team] {
        try teamsWithDrawSlots().filter(\.isAwaitingDraw)
    }

    /// Draws teams into slots, each slot once: the team standing for a slot becomes the team
    /// drawn, with its FIFA code and its German and English names from the table of every
    /// team that played or could play a EURO; its group, matches and bracket slots follow it.
    ///
    /// Everything is checked before the first change.
    ///
    /// - Parameter assignments: Each a slot (`A1`, any case) and a team: its FIFA code, or a
    ///   German, English or other name of a national team of UEFA, former ones included
    ///   (`ENG`, `Schottland`, `Republic of Ireland`), ignoring case and diacritics.
    /// - Returns: The teams drawn (unsaved), as values, in the order given.
    /// - Throws: ``PlannerError`` of kind `unknownDrawSlot` (with the slots still open),
    ///   `slotDrawn` (with the team drawn into it), `drawnTwice` (a slot or a team given
    ///   twice), `unknownNationalTeam` (with the closest names) or `duplicateTeam` (the team
    ///   is in the tournament already).
    /// - Complexity: Two queries for each slot, and one.
    @discardableResult
    public func draw(_ assignments: [DrawAssignment]) throws -> [TeamSummary] {
        let slotted = try teamsWithDrawSlots()
        let bySlot = Dictionary(
            slotted.compactMap { team in team.drawSlot.map { ($0, team) } }, uniquingKeysWith: { first, _ in first })
        var slots = Set<String>()
        var codes = Set<String>()
        var drawn: [(team: Team, known: KnownTeam)] = []
        for assignment in assignments {
            let slot = assignment.slot.trimmingWhitespace().uppercased()
            let reference = assignment.team
            guard let team = bySlot[slot] else {
                let open = slotted.filter(\.isAwaitingDraw).compactMap(\.drawSlot)
                throw PlannerError(.unknownDrawSlot(assignment.slot.trimmingWhitespace(), open: open))
            }
            guard slots.insert(slot).inserted else { throw PlannerError(.drawnTwice(slot)) }
            guard team.isAwaitingDraw else {
                throw PlannerError(.slotDrawn(slot: slot, team: "\(team.name ?? "") (\(team.code ?? ""))"))
            }
            guard let known = KnownTeam.referenced(by: reference) else {
                throw PlannerError(
                    .unknownNationalTeam(reference.trimmingWhitespace()), suggestions: KnownTeam.closest(to: reference))
            }
            guard codes.insert(known.code).inserted else { throw PlannerError(.drawnTwice(known.englishName)) }
            try checkTeamKeysFree([known.code, known.germanName, known.englishName], except: team)
            drawn.append((team, known))
        }
        for (team, known) in drawn {
            rename(team, name: known.germanName, englishName: known.englishName, code: known.code)
        }
        return drawn.map { TeamSummary($0.team) }
    }

    /// The teams with a slot of the draw, drawn or not, by slot.
    private func teamsWithDrawSlots() throws -> [Team] {
        try fetch(
            FetchRequest<Team>(
                entityName: "Team", predicate: try predicate("drawSlot != nil"), sortOrderings: [FetchOrdering("drawSlot")]))
    }
}
