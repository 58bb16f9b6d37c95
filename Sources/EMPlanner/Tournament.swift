import Foundation
import ObjectGraph

/// A tournament kept in an ObjectGraph store: seeding, look-ups, listings, edits and export.
///
/// One `Tournament` owns one ``context``; edits change that context and are kept or discarded
/// by the caller with ``save()`` or ``rollback()`` (the context is a scratch pad). Every method
/// throws ``PlannerError`` (seeding also ``SetupError``), one line saying what and where, and
/// leaves the saved store unchanged when it throws.
///
/// ```swift
/// let tournament = try Tournament(store: .file(url))
/// try tournament.seedIfNeeded()
/// _ = try tournament.addPlayer(team: "GER", givenname: "Mario", name: "Götze", number: 19,
///                              position: "MF", club: nil, born: nil)
/// try tournament.save()
/// ```
public final class Tournament {
    /// The context holding the tournament's objects and its unsaved changes.
    public let context: ManagedObjectContext
    /// Where the tournament is kept.
    public let store: TournamentStore

    /// Opens the store, or creates it with the planner's model; never seeds.
    ///
    /// - Parameter store: A file or memory.
    /// - Throws: ``PlannerError/Kind/storeRefused(_:)`` for a file that is not a planner store
    ///   (left unchanged) or cannot be opened.
    /// - Complexity: Opens (and may create) the file.
    public init(store: TournamentStore) throws {
        let model: ManagedObjectModel
        do {
            model = try PlannerModel.load()
        } catch {
            throw PlannerError(.storeRefused("the planner model does not load: \(error)"))
        }
        let coordinator = PersistentStoreCoordinator(model: model)
        do {
            switch store {
            case .file(let url): try coordinator.addPersistentStore(.sqlite(url))
            case .memory: try coordinator.addPersistentStore(.inMemory)
            }
        } catch {
            throw PlannerError(.storeRefused(String(describing: error)))
        }
        self.store = store
        self.context = ManagedObjectContext(coordinator: coordinator)
    }

    /// Whether the store holds a tournament: the model's fetch request template
    /// `initialisationCheck` (a team named "Deutschland") finds something, or, for a
    /// tournament seeded from another setup without Germany, any team exists.
    ///
    /// - Complexity: One or two `SELECT COUNT`s.
    public var isInitialised: Bool {
        get throws {
            try storeAccess {
                let check = try context.model.fetchRequest(fromTemplate: "initialisationCheck")
                if try context.count(for: check) > 0 { return true }
                return try context.count(for: Team.fetchRequest()) > 0
            }
        }
    }

    /// Whether the context has unsaved changes.
    public var hasChanges: Bool { context.hasChanges }

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
        guard try !isInitialised else { return false }
        try seed(from: setup ?? SetupData.bundled)
        return true
    }

    /// Seeds the store from a setup, in the three phases of the lecture in one context and one
    /// save: (1) the title, groups and team shells, (2) the players and coaches, (3) the
    /// schedule.
    ///
    /// The whole setup is validated first (``SetupData/validate(source:)``), so nothing is
    /// inserted from a broken one. Matches get their ids in the setup's order. Seed a context
    /// without pending changes: they would be saved with the seed, or rolled back with it.
    ///
    /// - Parameter setup: The setup.
    /// - Throws: ``SetupError`` (source `setup`) for an inconsistent setup,
    ///   ``PlannerError/Kind/alreadyInitialised`` if the store holds a tournament (erase it
    ///   first), ``PlannerError`` if the store refuses; the store is unchanged and the seed's
    ///   inserts are rolled back.
    /// - Complexity: One transaction; one insert per object.
    public func seed(from setup: SetupData) throws {
        try setup.validate(source: "setup")
        guard try !isInitialised else { throw PlannerError(.alreadyInitialised) }
        do {
            var groups: [String: Group] = [:]
            var teams: [String: Team] = [:]
            // Phase 1: groups and team shells.
            let competition =
                try storeAccess { try context.fetch(Competition.fetchRequest()) }.first ?? Competition(context: context)
            competition.title = setup.tournament
            if let ruleSet = setup.ruleSet { competition.ruleSet = ruleSet }
            func insertTeam(_ entry: SetupData.TeamEntry, in group: Group?) {
                let team = Team(context: context)
                team.name = entry.name
                team.englishName = entry.englishName
                team.code = entry.code
                team.group = group
                teams[entry.name] = team
            }
            for entry in setup.groups {
                let group = Group(context: context)
                group.name = entry.name
                groups[entry.name] = group
                for teamEntry in entry.teams { insertTeam(teamEntry, in: group) }
            }
            for teamEntry in setup.ungroupedTeams { insertTeam(teamEntry, in: nil) }
            // Phase 2: players and coaches.
            for teamEntry in setup.allTeams {
                let team = teams[teamEntry.name]!
                if let coachEntry = teamEntry.coach {
                    let coach = Coach(context: context)
                    coach.givenname = coachEntry.givenname
                    coach.name = coachEntry.name
                    coach.team = team
                }
                for playerEntry in teamEntry.players {
                    let player = Player(context: context)
                    player.apply(playerEntry)
                    player.team = team
                }
            }
            // Phase 3: the schedule.
            for entry in setup.matches {
                let match = Match(context: context)
                match.homeTeam = entry.home.flatMap { teams[$0] }
                match.awayTeam = entry.away.flatMap { teams[$0] }
                match.homeSlot = entry.homeSlot
                match.awaySlot = entry.awaySlot
                match.kickoff = entry.kickoff
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
            }
            try save()
        } catch {
            context.rollback()
            throw error
        }
    }

    /// Deletes every group, team, coach, player and match (and the title), and saves.
    ///
    /// Match ids are never reused: a store erased and seeded again numbers its matches on from
    /// the highest id it ever had. To start numbering at 1, create a new store file instead.
    ///
    /// - Throws: ``PlannerError`` if the store refuses; nothing is deleted then.
    /// - Complexity: One transaction.
    public func eraseAll() throws {
        do {
            for entity in ["Match", "Player", "Coach", "Team", "Group", "Competition"] {
                for object in try storeAccess({ try context.fetch(FetchRequest<ManagedObject>(entityName: entity)) }) {
                    context.delete(object)
                }
            }
            try save()
        } catch {
            context.rollback()
            throw error
        }
    }

    /// Writes the context's changes to the store in one transaction.
    ///
    /// - Throws: ``PlannerError/Kind/validation(_:)`` listing the first broken model rule, or
    ///   ``PlannerError/Kind/storeRefused(_:)``; the context keeps its changes then.
    /// - Complexity: One transaction.
    public func save() throws {
        do {
            try context.save()
        } catch let errors as ValidationErrors {
            throw PlannerError(.validation(errors.description))
        } catch {
            throw PlannerError(.storeRefused(String(describing: error)))
        }
    }

    /// Discards the context's unsaved changes.
    public func rollback() {
        context.rollback()
    }

    /// Runs framework calls, turning their errors into ``PlannerError/Kind/storeRefused(_:)``.
    func storeAccess<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PlannerError {
            throw error
        } catch {
            throw PlannerError(.storeRefused(String(describing: error)))
        }
    }
}

@available(*, unavailable)
extension Tournament: Sendable {}

extension Player {
    /// Copies a setup entry's values (not the team).
    func apply(_ entry: SetupData.PlayerEntry) {
        number = Int16(entry.number)
        givenname = entry.givenname
        name = entry.name
        position = entry.position
        club = entry.club
        born = entry.born.flatMap(CalendarDay.utcMidnight)
    }
}
