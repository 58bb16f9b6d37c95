import Foundation
import ObjectGraph

/// The tournament in and out: seeding from a setup, exporting one, copying the store.
///
/// Reached through ``Tournament/interchange``; like every service, it works in the session's
/// context, and its edits are kept or discarded by ``Tournament/save()`` and
/// ``Tournament/rollback()``.
public struct Interchange: TournamentService {
    /// The session the service works in.
    let tournament: Tournament
}

/// Writing the tournament out: as setup values (and so a plist), or as a new store file.
extension Interchange {
    /// The whole current tournament as setup values, unsaved changes included, results too.
    ///
    /// Groups, teams and aliases come in the order they were added (store order), matches by number,
    /// players by shirt number. A setup numbers its matches by their place, so seeding a new
    /// store from the result gives its matches the same numbers when this store's have no gaps
    /// (no match was removed); otherwise the later ones move up, and the slot labels naming
    /// them (`W25`) follow.
    ///
    /// - Returns: A setup that ``seed(from:)`` accepts and ``SetupData/plistData()`` writes.
    /// - Throws: ``PlannerError`` if the store cannot be read.
    /// - Complexity: Loads the whole tournament (a few queries).
    public func exportSetup() throws -> SetupData {
        let groups = try fetch(Group.fetchRequest())
        let teams = try fetch(Team.fetchRequest())
        let players = try fetch(Player.fetchRequest())
        let coaches = try fetch(Coach.fetchRequest())
        let matches = try fetch(Match.fetchRequest())
        let aliasesByTeam = Dictionary(grouping: try fetch(TeamAlias.fetchRequest())) { $0.team.map(ObjectIdentifier.init) }
        let appearancesByMatch = Dictionary(grouping: try fetch(Appearance.fetchRequest())) {
            $0.match.map(ObjectIdentifier.init)
        }
        let kicksByMatch = Dictionary(grouping: try fetch(PenaltyKick.fetchRequest())) { $0.match.map(ObjectIdentifier.init) }
        let playersByTeam = Dictionary(grouping: players) { $0.team.map(ObjectIdentifier.init) }
        let coachByTeam = Dictionary(coaches.compactMap { coach in coach.team.map { (ObjectIdentifier($0), coach) } }) {
            first, _ in first
        }

        func entry(_ team: Team) -> SetupData.TeamEntry {
            let squad = (playersByTeam[ObjectIdentifier(team)] ?? []).sorted { ($0.number ?? 0) < ($1.number ?? 0) }
            return SetupData.TeamEntry(
                name: team.name ?? "", englishName: team.englishName, code: team.code ?? "",
                coach: coachByTeam[ObjectIdentifier(team)].map {
                    SetupData.CoachEntry(givenname: $0.givenname, name: $0.name ?? "")
                },
                players: squad.map { player in
                    SetupData.PlayerEntry(
                        number: Int(player.number ?? 0), givenname: player.givenname, name: player.name ?? "",
                        position: player.position ?? "", club: player.club, born: player.bornDay)
                },
                ranking: team.ranking.map(Int.init),
                aliases: (aliasesByTeam[ObjectIdentifier(team)] ?? []).compactMap(\.name), drawSlot: team.drawSlot)
        }
        let ids = lookup.matchIDs(matches)
        let ordered = matches.sorted { ids[ObjectIdentifier($0)] ?? 0 < ids[ObjectIdentifier($1)] ?? 0 }
        let places = Dictionary(
            ordered.enumerated().map { (ids[ObjectIdentifier($1)] ?? 0, $0 + 1) }, uniquingKeysWith: { first, _ in first })
        return SetupData(
            tournament: try tournament.title ?? "",
            ruleSet: try fetch(Competition.fetchRequest()).first?.ruleSet,
            groups: groups.map { group in
                SetupData.GroupEntry(
                    name: group.name ?? "", teams: teams.filter { $0.group == group }.map(entry),
                    officialOrder: group.officialOrder.map { $0.split(separator: ",").map(String.init) })
            },
            ungroupedTeams: teams.filter { $0.group == nil }.map(entry),
            matches: ordered.map { match in
                SetupData.MatchEntry(
                    home: match.homeTeam?.name, away: match.awayTeam?.name, kickoff: match.kickoff,
                    kickoffTimeKnown: match.kickoffTimeKnown ?? true, timeZone: match.venueTimeZone.identifier,
                    venue: match.venue, city: match.city, round: match.round ?? "", group: match.group?.name,
                    homeGoals: match.homeGoals.map(Int.init), awayGoals: match.awayGoals.map(Int.init),
                    afterExtraTime: match.afterExtraTime ?? false,
                    homePenalties: match.homePenalties.map(Int.init), awayPenalties: match.awayPenalties.map(Int.init),
                    homeSlot: match.homeSlot.map { Self.slot($0, renumberedBy: places) },
                    awaySlot: match.awaySlot.map { Self.slot($0, renumberedBy: places) },
                    goals: tournament.results.events(in: match).compactMap(\.goalEntry),
                    cards: tournament.results.events(in: match).compactMap(\.cardEntry),
                    lotsWinner: match.lotsWinner, replay: match.replay ?? false,
                    homeFullTimeGoals: match.homeFullTimeGoals.map(Int.init),
                    awayFullTimeGoals: match.awayFullTimeGoals.map(Int.init),
                    homeHalfTimeGoals: match.homeHalfTimeGoals.map(Int.init),
                    awayHalfTimeGoals: match.awayHalfTimeGoals.map(Int.init), notes: match.notes,
                    appearances: Self.appearanceEntries(appearancesByMatch[ObjectIdentifier(match)] ?? []),
                    penaltyKicks: Self.penaltyKickEntries(kicksByMatch[ObjectIdentifier(match)] ?? []))
            })
    }

    /// A match's shoot-out as setup values, kick by kick.
    static func penaltyKickEntries(_ kicks: [PenaltyKick]) -> [SetupData.PenaltyKickEntry] {
        kicks.sorted { $0.order ?? 0 < $1.order ?? 0 }.map {
            SetupData.PenaltyKickEntry(
                team: $0.team?.name ?? "", player: $0.player?.number.map(Int.init), playerName: $0.playerName,
                scored: $0.scored ?? false, note: $0.note)
        }
    }

    /// A match's line-ups as setup values, in their order; a substitute names the place of the
    /// player he replaced.
    static func appearanceEntries(_ appearances: [Appearance]) -> [SetupData.AppearanceEntry] {
        let ordered = appearances.sorted { $0.order ?? 0 < $1.order ?? 0 }
        let places = Dictionary(ordered.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { first, _ in first })
        return ordered.map { appearance in
            SetupData.AppearanceEntry(
                team: appearance.team?.name ?? "", player: appearance.player?.number.map(Int.init),
                playerName: appearance.playerName, formationLine: appearance.formationLine.map(Int.init),
                captain: appearance.captain ?? false,
                replaces: appearance.replaces.flatMap { places[ObjectIdentifier($0)] },
                minute: appearance.minuteOn.map(Int.init), addedMinute: appearance.addedMinuteOn.map(Int.init))
        }
    }

    /// A slot label with the match number it names (`W25`, `L25`) replaced by the match's place
    /// in `places`; other labels, and those that do not parse, as they are.
    private static func slot(_ text: String, renumberedBy places: [Int: Int]) -> String {
        switch try? SlotLabel(parsing: text) {
        case .winner(let number): places[number].map { SlotLabel.winner(of: $0).description } ?? text
        case .loser(let number): places[number].map { SlotLabel.loser(of: $0).description } ?? text
        default: text
        }
    }

    /// Writes the whole current tournament (unsaved changes included) to a new store: a file,
    /// a ready-made database to ship, or a schema of a server that holds no tournament yet.
    ///
    /// Without unsaved changes, the copy is exact: every object of the saved store with its
    /// key, so every match keeps its number. With unsaved changes (a shell, a script), the copy
    /// is seeded from ``exportSetup()``, so its matches are numbered from 1 in the order of
    /// their numbers.
    ///
    /// - Parameter location: Where to create the store: a file that must not exist, or a
    ///   server's schema without a tournament.
    /// - Throws: ``PlannerError/Kind/fileExists(path:)`` (also when another program creates
    ///   the file meanwhile), ``PlannerError/Kind/alreadyInitialised`` for a server's schema
    ///   holding a tournament, or ``PlannerError`` / ``SetupError`` if the copy cannot be
    ///   written; no file is left behind then, and the server's schema holds no tournament.
    ///   The file appears complete or not at all.
    /// - Complexity: Loads the whole tournament; one transaction on the new store.
    public func writeStore(to location: TournamentLocation) throws {
        guard case .file(let url) = location else {
            let copy = try Tournament(store: location)
            guard try !copy.isInitialised else { throw PlannerError(.alreadyInitialised) }
            // Seeded where the saved store cannot be copied: unsaved changes, memory, or a
            // schema whose erased tournament handed out keys.
            guard try copySavedStore(to: location) else { return try copy.interchange.seed(from: exportSetup()) }
            return
        }
        try writeStore(to: url)
    }

    /// Copies the saved store exactly to a new store at `location`.
    ///
    /// The backup of a tournament about to be replaced: every object keeps its key. Unlike
    /// ``writeStore(to:)-(TournamentLocation)`` it never seeds the copy through a setup, which
    /// would read the tournament object by object while another program may be replacing it.
    ///
    /// - Throws: ``PlannerError/Kind/alreadyInitialised`` when the server's schema holds
    ///   anything (another program wrote there meanwhile) or the context has unsaved changes,
    ///   ``PlannerError/Kind/fileExists(path:)``, ``PlannerError/Kind/storeRefused(_:)``;
    ///   nothing is copied then.
    /// - Complexity: One transaction reading the store, one writing the copy.
    public func backUpStore(to location: TournamentLocation) throws {
        guard !context.hasChanges else { throw PlannerError(.alreadyInitialised) }
        guard case .file(let url) = location else {
            guard try copySavedStore(to: location) else { throw PlannerError(.alreadyInitialised) }
            return
        }
        try writeStore(to: url)
    }

    /// Writes the whole current tournament to a new store file, as
    /// ``writeStore(to:)-(TournamentLocation)`` does for a file.
    public func writeStore(to url: URL) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw PlannerError(.fileExists(path: url.path))
        }
        do {
            // Made beside its place and linked there complete (``NewFile``); the copy is
            // closed, its log checkpointed into the file, before it is linked. Seeded from the
            // setup where the saved store cannot be copied (unsaved changes, memory).
            try NewFile(url: url).create { temporary in
                guard try !copySavedStore(to: .file(temporary)) else { return }
                try Tournament(store: .file(temporary)).interchange.seed(from: exportSetup())
            }
        } catch NewFile.Failure.exists(let path) {
            throw PlannerError(.fileExists(path: path))
        } catch NewFile.Failure.refused(let path, let reason) {
            throw PlannerError(.cannotWrite(path: path, reason: reason))
        }
    }

    /// Copies every object of the saved store into the store at `location`, in one
    /// transaction, and returns whether it did.
    ///
    /// The destination must hold no object and have handed out no key. Nothing is copied while
    /// the context has unsaved changes, which the copy would lack, nor from memory.
    private func copySavedStore(to location: TournamentLocation) throws -> Bool {
        guard !context.hasChanges, tournament.store != .memory else { return false }
        do {
            try context.persistentStoreCoordinator.copyPersistentStore(
                from: tournament.store.storeLocation, to: location.storeLocation)
            return true
        } catch StoreError.destinationNotEmpty {
            return false
        } catch {
            throw PlannerError(.storeRefused(String(describing: error)))
        }
    }
}

extension MatchEvent {
    /// A goal as setup values.
    fileprivate var goalEntry: SetupData.GoalEntry? {
        guard case .goal(let goal) = self else { return nil }
        return SetupData.GoalEntry(
            team: goal.scorerTeam?.name ?? "", player: goal.scorer.map { Int($0.number ?? 0) },
            scorerName: goal.scorer == nil ? goal.scorerName : nil, minute: Int(goal.minute ?? 0),
            addedMinute: goal.addedMinute.map(Int.init), penalty: goal.penalty ?? false, ownGoal: goal.ownGoal ?? false)
    }

    /// A card as setup values.
    var cardEntry: SetupData.CardEntry? {
        guard case .card(let card) = self, let kind = card.cardKind else { return nil }
        let holder: CardHolder =
            if let number = card.player?.number {
                .player(number: Int(number))
            } else if let name = card.playerName {
                .namedPlayer(name: name)
            } else {
                .official(name: card.official ?? "")
            }
        return SetupData.CardEntry(
            team: card.team?.name ?? "", holder: holder, kind: kind, minute: card.minute.map(Int.init),
            addedMinute: card.addedMinute.map(Int.init))
    }
}
