import Foundation
import ObjectGraph

/// Filling a store from a setup, and emptying it.
extension Interchange {
    /// Seeds the store, unless it is initialised already, and saves.
    ///
    /// A store that users edited is never overwritten: once it is initialised this does
    /// nothing.
    ///
    /// - Parameter setup: The setup to seed from; the bundled EURO 2012 by default.
    /// - Returns: Whether it seeded.
    /// - Throws: ``SetupError`` for an inconsistent setup, ``PlannerError`` if the store
    ///   refuses; the store is unchanged then.
    /// - Complexity: One transaction.
    @discardableResult
    public func seedIfNeeded(from setup: SetupData? = nil) throws -> Bool {
        guard try !tournament.isInitialised else { return false }
        try seed(from: setup ?? SetupData.bundled)
        return true
    }

    /// Seeds the store from a setup, in the three phases of the lecture in one context and one
    /// save: (1) the title, groups and team shells, (2) the players and coaches, (3) the
    /// schedule; then (4) the knockout teams the results decide, and the goals and cards.
    ///
    /// The whole setup is validated first (``SetupData/validate(source:)``), so nothing is
    /// inserted from a broken one. Matches are numbered 1, 2, ... in the setup's order. A knockout match
    /// with slots gets the teams the results decide (``Knockout/fillBracket()``); teams the setup names
    /// there must be those. Goals and cards are recorded by the rules of
    /// ``Results/recordGoal(match:team:number:minute:penalty:ownGoal:)`` and
    /// ``Results/recordCard(match:team:holder:kind:minute:)``, match by match in kick-off order. Seed a context
    /// without pending changes: they would be saved with the seed, or rolled back with it.
    ///
    /// - Parameter setup: The setup.
    /// - Throws: ``SetupError`` (source `setup`) for an inconsistent setup, naming the key
    ///   path of a knockout team the results contradict or of a goal or card the rules refuse,
    ///   ``PlannerError/Kind/alreadyInitialised`` if the store holds a tournament (erase it
    ///   first), ``PlannerError`` if the store refuses; the store is unchanged and the seed's
    ///   inserts are rolled back.
    /// - Complexity: One transaction; one insert per object.
    public func seed(from setup: SetupData) throws {
        try seed(from: setup, batchSize: nil)
    }

    /// Seeds a store that no other program sees yet (a new file before it is linked into
    /// place, see ``open(creatingAt:seededFrom:)``) as ``seed(from:)`` does, but saving every
    /// `batchSize` players and resetting the context in between, so that memory
    /// holds one batch of objects, not the whole tournament.
    ///
    /// A failure leaves the batches saved before it: the caller discards the store then.
    ///
    /// - Parameters:
    ///   - setup: The setup.
    ///   - batchSize: How many players a transaction inserts at most (a team's are never split).
    /// - Throws: The errors of ``seed(from:)``.
    /// - Complexity: One transaction per batch; one insert per object.
    func seedNewStore(from setup: SetupData, batchSize: Int = 2_500) throws {
        try seed(from: setup, batchSize: batchSize)
    }

    /// Seeds in one transaction, or in batches of `batchSize` players.
    private func seed(from setup: SetupData, batchSize: Int?) throws {
        try setup.validate(source: "setup")
        guard try !tournament.isInitialised else { throw PlannerError(.alreadyInitialised) }
        do {
            var groups: [String: Group] = [:]
            var teams: [String: Team] = [:]
            // Saves a batch, then forgets its objects; the groups and teams are fetched again.
            func saveBatch() throws {
                try tournament.save()
                context.reset()
                groups = Dictionary(
                    try fetch(Group.fetchRequest()).map { ($0.name ?? "", $0) }, uniquingKeysWith: { first, _ in first })
                teams = Dictionary(
                    try fetch(Team.fetchRequest()).map { ($0.name ?? "", $0) }, uniquingKeysWith: { first, _ in first })
            }
            // Phase 1: groups, teams and coaches.
            let competition =
                try storeAccess { try context.fetch(Competition.fetchRequest()) }.first ?? Competition(context: context)
            competition.title = setup.tournament
            if let ruleSet = setup.ruleSet { competition.ruleSet = ruleSet }
            func insertTeam(_ entry: SetupData.TeamEntry, in group: Group?) {
                let team = Team(context: context)
                team.name = entry.name
                team.englishName = entry.englishName
                team.code = entry.code
                team.drawSlot = entry.drawSlot
                team.ranking = entry.ranking.map(Int16.init)
                team.group = group
                for name in entry.aliases {
                    let alias = TeamAlias(context: context)
                    alias.name = name
                    alias.team = team
                }
                // The coach with the team: the team's row holds its coach, so a coach saved in a
                // later batch would write the team's row a second time.
                if let coachEntry = entry.coach {
                    let coach = Coach(context: context)
                    coach.givenname = coachEntry.givenname
                    coach.name = coachEntry.name
                    coach.team = team
                }
                teams[entry.name] = team
            }
            for entry in setup.groups {
                let group = Group(context: context)
                group.name = entry.name
                group.officialOrder = entry.officialOrder?.joined(separator: ",")
                groups[entry.name] = group
                for teamEntry in entry.teams { insertTeam(teamEntry, in: group) }
            }
            for teamEntry in setup.ungroupedTeams { insertTeam(teamEntry, in: nil) }
            if batchSize != nil { try saveBatch() }
            // Phase 2: players.
            var inBatch = 0
            for teamEntry in setup.allTeams {
                if let batchSize, inBatch + teamEntry.players.count > batchSize, inBatch > 0 {
                    try saveBatch()
                    inBatch = 0
                }
                inBatch += teamEntry.players.count
                let team = teams[teamEntry.name]!
                for entry in teamEntry.players {
                    let player = Player(context: context)
                    // As `apply(_:)` does, with dates of birth worked out without a calendar.
                    player.number = Int16(entry.number)
                    player.givenname = entry.givenname
                    player.name = entry.name
                    player.position = entry.position
                    player.club = entry.club
                    player.born = entry.born.flatMap(CalendarDay.utcMidnight)
                    player.team = team
                }
            }
            if batchSize != nil { try saveBatch() }
            // Phase 3: the schedule.
            for (index, entry) in setup.matches.enumerated() {
                let match = Match(context: context)
                match.number = Int32(index + 1)
                match.homeTeam = entry.home.flatMap { teams[$0] }
                match.awayTeam = entry.away.flatMap { teams[$0] }
                match.homeSlot = entry.homeSlot
                match.awaySlot = entry.awaySlot
                match.kickoff = entry.kickoff
                match.kickoffTimeKnown = entry.kickoffTimeKnown
                match.timeZone = entry.timeZone
                match.venue = entry.venue
                match.city = entry.city
                match.round = entry.round
                match.group = entry.group.flatMap { groups[$0] }
                match.homeGoals = entry.homeGoals.map(Int16.init)
                match.awayGoals = entry.awayGoals.map(Int16.init)
                match.afterExtraTime = entry.afterExtraTime
                match.homePenalties = entry.homePenalties.map(Int16.init)
                match.awayPenalties = entry.awayPenalties.map(Int16.init)
                match.lotsWinner = entry.lotsWinner
                match.replay = entry.replay
                match.homeFullTimeGoals = entry.homeFullTimeGoals.map(Int16.init)
                match.awayFullTimeGoals = entry.awayFullTimeGoals.map(Int16.init)
                match.homeHalfTimeGoals = entry.homeHalfTimeGoals.map(Int16.init)
                match.awayHalfTimeGoals = entry.awayHalfTimeGoals.map(Int16.init)
                match.notes = entry.notes
            }
            // Phase 4: the group stage's goals and cards (cards may decide a group), the knockout
            // teams the results decide, then the knockout matches' goals and cards.
            try seedEvents(of: setup, groupStage: true)
            try fillBracket(as: setup)
            try seedEvents(of: setup, groupStage: false)
            try tournament.save()
        } catch {
            context.rollback()
            throw error
        }
    }

    /// Deletes every group, team, coach, player and match (and the title), and saves.
    ///
    /// - Throws: ``PlannerError`` if the store refuses; nothing is deleted then.
    /// - Complexity: One transaction.
    public func eraseAll() throws {
        do {
            try deleteEverything()
            try tournament.save()
        } catch {
            context.rollback()
            throw error
        }
    }

    /// Replaces the tournament in the store with one seeded from `setup`, in one transaction:
    /// a failure, or a crash, leaves the old tournament as it was.
    ///
    /// The new tournament's matches are numbered from 1, as a new store's are.
    ///
    /// Another program that writes the store between the reads of the old tournament and the
    /// save (another `em init --force`, say) makes it a conflict, which running the command
    /// again resolves.
    ///
    /// - Parameter setup: The setup.
    /// - Throws: The errors of ``seed(from:)``, and ``PlannerError/Kind/conflict(_:)`` when
    ///   another program wrote the store meanwhile; the store is unchanged then.
    /// - Complexity: One transaction.
    public func replace(with setup: SetupData) throws {
        try setup.validate(source: "setup")
        let old: Set<ManagedObjectID>
        do {
            old = try deleteEverything()
        } catch {
            context.rollback()
            throw error
        }
        // Seeding saves the deletions with the new tournament, or rolls both back.
        do {
            try seed(from: setup)
        } catch let error as PlannerError where error.kind == .alreadyInitialised || error.isValidation {
            // A tournament found after deleting everything, or an object that one left keeps
            // from deletion: another program saved since the old tournament was read, if the
            // store holds other objects now.
            guard try Set(everything().map(\.objectID)) != old else { throw error }
            throw PlannerError(.conflict("another program changed the tournament while it was being replaced"))
        }
    }

    /// Deletes every group, team, coach, player and match (and the title), without saving.
    ///
    /// - Returns: The IDs of the objects deleted.
    @discardableResult
    private func deleteEverything() throws -> Set<ManagedObjectID> {
        let objects = try everything()
        for object in objects { context.delete(object) }
        return Set(objects.map(\.objectID))
    }

    /// Every group, team, coach, player and match, and the title.
    private func everything() throws -> [ManagedObject] {
        try ["Match", "Player", "Coach", "Team", "Group", "Competition"].flatMap { entity in
            try storeAccess { try context.fetch(FetchRequest<ManagedObject>(entityName: entity)) }
        }
    }

    /// Fills in the knockout teams a setup leaves out where its results decide them.
    ///
    /// It also checks those it names against the results. A team named where the results decide
    /// nothing (yet) stays: a store's bracket keeps its teams until a result moves them.
    private func fillBracket(as setup: SetupData) throws {
        let entries = try tournament.knockout.bracketMatches()
        // Without knockout slots there is nothing to fill, nor any need for the standings.
        guard !entries.isEmpty else { return }
        let states = try tournament.knockout.bracket().matches
        let teams = Dictionary(
            try fetch(Team.fetchRequest()).compactMap { team in team.code.map { ($0, team) } },
            uniquingKeysWith: { first, _ in first })
        for (entry, state) in zip(entries, states) {
            let index = entry.number - 1
            guard setup.matches.indices.contains(index) else { continue }
            let match = setup.matches[index]
            for (key, named, slot, decided) in [
                ("home", match.home, match.homeSlot, state.home.team), ("away", match.away, match.awaySlot, state.away.team),
            ] {
                guard let decided else { continue }
                guard let named else {
                    if key == "home" { entry.match.homeTeam = teams[decided] } else { entry.match.awayTeam = teams[decided] }
                    continue
                }
                guard setup.allTeams.first(where: { $0.name == named })?.code != decided else { continue }
                throw SetupError(
                    source: "setup", keyPath: "matches[\(index)].\(key)",
                    message: "\(quoted(named)) contradicts slot \(slot ?? ""), which the results give to "
                        + quoted(teams[decided]?.name ?? decided))
            }
        }
    }

    /// Records the goals and cards of the setup's group matches, or of its knockout matches,
    /// match by match in kick-off order.
    private func seedEvents(of setup: SetupData, groupStage: Bool) throws {
        // Matches of unknown day in setup order, among the others as their numbers place them.
        let order = setup.matches.indices.sorted {
            (setup.matches[$0].kickoff ?? .distantPast, $0) < (setup.matches[$1].kickoff ?? .distantPast, $1)
        }
        // Teams by the German names setups name them by, found once.
        let teams = Dictionary(
            try fetch(Team.fetchRequest()).compactMap { team in team.name.map { ($0, team) } },
            uniquingKeysWith: { first, _ in first })
        // Seeding moves no team: what waits stays so.
        let waiting = try tournament.knockout.waitingMatches()
        for index in order where (setup.matches[index].round == "group") == groupStage {
            let entry = setup.matches[index]
            guard !entry.goals.isEmpty || !entry.cards.isEmpty || !entry.appearances.isEmpty || !entry.penaltyKicks.isEmpty
            else { continue }
            let match = try lookup.match(String(index + 1))
            func recording(_ path: String, _ record: () throws -> Void) throws {
                do {
                    try record()
                } catch let error as PlannerError {
                    throw SetupError(source: "setup", keyPath: "matches[\(index)].\(path)", message: error.description)
                }
            }
            func team(_ name: String) throws -> Team {
                try teams[name] ?? lookup.team(name)
            }
            for (g, goal) in entry.goals.enumerated() {
                try recording("goals[\(g)]") {
                    let team = try team(goal.team)
                    let scorer: Results.Scorer =
                        if let number = goal.player {
                            .player(try tournament.results.squadPlayer(team, number))
                        } else {
                            .named(try UserText.requiredName(goal.scorerName ?? "", field: "scorer's name"))
                        }
                    _ = try tournament.results.insertGoal(
                        match: match, team: team, scorer: scorer, minute: goal.minute, addedMinute: goal.addedMinute,
                        penalty: goal.penalty, ownGoal: goal.ownGoal, waiting: waiting)
                }
            }
            for (c, card) in entry.cards.enumerated() {
                try recording("cards[\(c)]") {
                    let recorded = try tournament.results.insertCard(
                        match: match, team: try team(card.team), holder: card.holder, kind: card.kind, minute: card.minute,
                        waiting: waiting)
                    recorded.addedMinute = card.addedMinute.map(Int16.init)
                }
            }
            try seedLineups(of: entry, match: match, index: index)
        }
    }
}
