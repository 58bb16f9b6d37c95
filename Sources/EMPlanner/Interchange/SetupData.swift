import Foundation

/// A whole tournament as plain values, mirroring the setup property list: groups with their
/// teams, teams with their coach and squad, and the matches (with results, if any).
///
/// Read one with ``read(contentsOf:)`` or ``init(plist:source:)``, which check every value and
/// the consistency of the whole (see ``validate(source:)``); write one with ``plistData()``.
/// ``Interchange/exportSetup()`` turns a store back into a `SetupData`, so a tournament
/// round-trips through a plist without loss.
public struct SetupData: Equatable, Sendable {
    /// A group of the group stage with its teams.
    public struct GroupEntry: Equatable, Sendable {
        /// The group's name, such as `A`.
        public var name: String
        /// The teams of the group.
        public var teams: [TeamEntry]
        /// The group's final order as published (team codes, first to last), where the results
        /// and cards recorded cannot decide a tie; `nil` when not given.
        public var officialOrder: [String]?

        /// Creates a group.
        public init(name: String, teams: [TeamEntry], officialOrder: [String]? = nil) {
            self.name = name
            self.teams = teams
            self.officialOrder = officialOrder
        }
    }

    /// A team with its coach and squad.
    public struct TeamEntry: Equatable, Sendable {
        /// The German name, such as `Deutschland`; matches name teams by it.
        public var name: String
        /// The English name, such as `Germany`.
        public var englishName: String?
        /// The FIFA code: three capital letters, such as `GER`; for a team still to be drawn,
        /// its draw slot (`A1`).
        public var code: String
        /// The slot of the draw the team fills (`A1`: group A, first position), when the
        /// tournament's teams are drawn into slots; while the code is the slot, the team is
        /// still to be drawn (see ``Structure/draw(_:)``).
        public var drawSlot: String?
        /// Other names the team is known by, such as `Norge`; each names one team only.
        public var aliases: [String]
        /// The head coach.
        public var coach: CoachEntry?
        /// The squad, in shirt number order.
        public var players: [PlayerEntry]
        /// The team's position in the ranking the rule set's last criterion uses (the
        /// qualifying ranking or coefficient ranking; 1 is best); `nil` when not given.
        public var ranking: Int?

        /// Creates a team.
        public init(
            name: String, englishName: String?, code: String, coach: CoachEntry?, players: [PlayerEntry],
            ranking: Int? = nil, aliases: [String] = [], drawSlot: String? = nil
        ) {
            self.name = name
            self.englishName = englishName
            self.code = code
            self.aliases = aliases
            self.coach = coach
            self.players = players
            self.ranking = ranking
            self.drawSlot = drawSlot
        }
    }

    /// A head coach.
    public struct CoachEntry: Equatable, Sendable {
        /// The given name.
        public var givenname: String?
        /// The family name.
        public var name: String

        /// Creates a coach.
        public init(givenname: String?, name: String) {
            self.givenname = givenname
            self.name = name
        }
    }

    /// A player of a squad.
    public struct PlayerEntry: Equatable, Sendable {
        /// The shirt number, 1...99, unique within the team.
        public var number: Int
        /// The given name; `nil` for players known by one name (`Pepe`).
        public var givenname: String?
        /// The family name (or the one name).
        public var name: String
        /// `GK`, `DF`, `MF` or `FW`.
        public var position: String
        /// The club.
        public var club: String?
        /// The date of birth as `YYYY-MM-DD`.
        public var born: String?

        /// Creates a player.
        public init(number: Int, givenname: String?, name: String, position: String, club: String?, born: String?) {
            self.number = number
            self.givenname = givenname
            self.name = name
            self.position = position
            self.club = club
            self.born = born
        }
    }

    /// A scheduled match, perhaps with its result.
    ///
    /// A knockout match may name its sides by slot labels (`1A`, `3A/C/D`, `W25`) instead of
    /// teams, which the planner fills in from the results; a side may have both once known.
    public struct MatchEntry: Equatable, Sendable {
        /// The home team's German name; `nil` for a knockout side not known yet.
        public var home: String?
        /// The away team's German name; `nil` for a knockout side not known yet.
        public var away: String?
        /// The kick-off, an absolute instant; `nil` when not even the day is known (the group
        /// matches of EURO 1984 and 1992 in openfootball's files).
        public var kickoff: Date?
        /// Whether the kick-off's time is known; when not, ``kickoff`` is the day's first
        /// instant in ``timeZone``.
        public var kickoffTimeKnown: Bool
        /// The venue's IANA time zone, such as `Europe/Warsaw`; local times are shown in it.
        public var timeZone: String
        /// The stadium, if known.
        public var venue: String?
        /// The city of the stadium, if known.
        public var city: String?
        /// `group`, `round16`, `quarterfinal`, `semifinal`, `thirdPlace` or `final`.
        public var round: String
        /// The group's name, for group matches only.
        public var group: String?
        /// Goals of the home team (after extra time, without penalties), once played.
        public var homeGoals: Int?
        /// Goals of the away team, once played.
        public var awayGoals: Int?
        /// Whether the match went to extra time.
        public var afterExtraTime: Bool
        /// Penalties scored by the home team in a shoot-out.
        public var homePenalties: Int?
        /// Penalties scored by the away team in a shoot-out.
        public var awayPenalties: Int?
        /// The side that won the drawing of lots after a draw in extra time (`home` or `away`;
        /// the toss of a coin, 1960 to 1968).
        public var lotsWinner: String?
        /// Whether the match replays the previous match of its round between the same teams
        /// (EURO 1968's final), whose draw decided nothing.
        public var replay: Bool
        /// Goals of the home team after 90 minutes of a match that went to extra time, when
        /// known.
        public var homeFullTimeGoals: Int?
        /// Goals of the away team after 90 minutes of a match that went to extra time, when
        /// known.
        public var awayFullTimeGoals: Int?
        /// Goals of the home team at half time, when known.
        public var homeHalfTimeGoals: Int?
        /// Goals of the away team at half time, when known.
        public var awayHalfTimeGoals: Int?
        /// Notes on the match, such as `Italy won on coin toss`.
        public var notes: String?
        /// Who plays as the home side of a knockout match, as a slot label such as `1A`,
        /// `3A/C/D` or `W25` (a match number is the match's position in the setup, from 1).
        public var homeSlot: String?
        /// Who plays as the away side of a knockout match, as a slot label.
        public var awaySlot: String?
        /// The goals, for a match with a result.
        public var goals: [GoalEntry]
        /// The cards shown.
        public var cards: [CardEntry]
        /// The line-ups: each team's starters and substitutes, as written.
        public var appearances: [AppearanceEntry]
        /// The kicks of the penalty shoot-out, in the order taken.
        public var penaltyKicks: [PenaltyKickEntry]

        /// Creates a match, unplayed unless results are given.
        public init(
            home: String?, away: String?, kickoff: Date?, kickoffTimeKnown: Bool = true, timeZone: String, venue: String?,
            city: String?, round: String, group: String?, homeGoals: Int? = nil, awayGoals: Int? = nil,
            afterExtraTime: Bool = false, homePenalties: Int? = nil, awayPenalties: Int? = nil,
            homeSlot: String? = nil, awaySlot: String? = nil, goals: [GoalEntry] = [], cards: [CardEntry] = [],
            lotsWinner: String? = nil, replay: Bool = false, homeFullTimeGoals: Int? = nil, awayFullTimeGoals: Int? = nil,
            homeHalfTimeGoals: Int? = nil, awayHalfTimeGoals: Int? = nil, notes: String? = nil,
            appearances: [AppearanceEntry] = [], penaltyKicks: [PenaltyKickEntry] = []
        ) {
            self.home = home
            self.away = away
            self.kickoff = kickoff
            self.kickoffTimeKnown = kickoffTimeKnown
            self.timeZone = timeZone
            self.venue = venue
            self.city = city
            self.round = round
            self.group = group
            self.homeGoals = homeGoals
            self.awayGoals = awayGoals
            self.afterExtraTime = afterExtraTime
            self.homePenalties = homePenalties
            self.awayPenalties = awayPenalties
            self.homeSlot = homeSlot
            self.awaySlot = awaySlot
            self.goals = goals
            self.cards = cards
            self.lotsWinner = lotsWinner
            self.replay = replay
            self.homeFullTimeGoals = homeFullTimeGoals
            self.awayFullTimeGoals = awayFullTimeGoals
            self.homeHalfTimeGoals = homeHalfTimeGoals
            self.awayHalfTimeGoals = awayHalfTimeGoals
            self.notes = notes
            self.appearances = appearances
            self.penaltyKicks = penaltyKicks
        }

        /// The match without its result, goals and cards, and with knockout teams that slots
        /// decide left out: the schedule as it stood before a ball was kicked.
        public var unplayed: MatchEntry {
            var match = self
            match.homeGoals = nil
            match.awayGoals = nil
            match.afterExtraTime = false
            match.homePenalties = nil
            match.awayPenalties = nil
            match.lotsWinner = nil
            match.homeFullTimeGoals = nil
            match.awayFullTimeGoals = nil
            match.homeHalfTimeGoals = nil
            match.awayHalfTimeGoals = nil
            match.goals = []
            match.cards = []
            match.appearances = []
            match.penaltyKicks = []
            if match.homeSlot != nil {
                match.home = nil
                match.away = nil
            }
            return match
        }
    }

    /// A goal of a match, as ``Results/recordGoal(match:team:number:minute:penalty:ownGoal:)``
    /// records one.
    public struct GoalEntry: Equatable, Sendable {
        /// The scorer's team, by its German name (for an own goal, the scorer's team, not the
        /// team credited).
        public var team: String
        /// The scorer's shirt number; `nil` for a scorer known by name only (``scorerName``).
        public var player: Int?
        /// The scorer's name, for a scorer not in the squad (a tournament imported without
        /// squads); `nil` with a shirt number.
        public var scorerName: String?
        /// The minute, 1...130.
        public var minute: Int
        /// The minute of added time (`3` for 90+3), if the goal came in it.
        public var addedMinute: Int?
        /// Whether it was a penalty kick.
        public var penalty: Bool
        /// Whether the scorer put the ball into his own net.
        public var ownGoal: Bool

        /// Creates a goal.
        public init(
            team: String, player: Int?, scorerName: String? = nil, minute: Int, addedMinute: Int? = nil,
            penalty: Bool = false, ownGoal: Bool = false
        ) {
            self.team = team
            self.player = player
            self.scorerName = scorerName
            self.minute = minute
            self.addedMinute = addedMinute
            self.penalty = penalty
            self.ownGoal = ownGoal
        }
    }

    /// A card of a match, as ``Results/recordCard(match:team:holder:kind:minute:)`` records
    /// one.
    public struct CardEntry: Equatable, Sendable {
        /// The booked person's team, by its German name.
        public var team: String
        /// A player by shirt number, or a team official by name.
        public var holder: CardHolder
        /// What the referee showed: `yellow`, `secondYellow` or `red`.
        public var kind: CardKind
        /// The minute, 1...130, when known.
        public var minute: Int?
        /// The minute of added time, if the card came in it.
        public var addedMinute: Int?

        /// Creates a card.
        public init(team: String, holder: CardHolder, kind: CardKind, minute: Int?, addedMinute: Int? = nil) {
            self.team = team
            self.holder = holder
            self.kind = kind
            self.minute = minute
            self.addedMinute = addedMinute
        }
    }

    /// The tournament's title, such as `UEFA EURO 2012`.
    public var tournament: String
    /// The rule set the tournament plays by, such as `euro2012` (see ``RuleSet/named(_:)``);
    /// `nil` leaves the store's default, EURO 2012's.
    public var ruleSet: String?
    /// The groups, each with its teams.
    public var groups: [GroupEntry]
    /// Teams in no group (plist key `teams` at the top; usually absent).
    public var ungroupedTeams: [TeamEntry]
    /// The matches, in the order they were scheduled (which gives them their ids).
    public var matches: [MatchEntry]

    /// Creates a setup from its parts (not validated; ``Interchange/seed(from:)`` validates).
    public init(
        tournament: String, ruleSet: String? = nil, groups: [GroupEntry], ungroupedTeams: [TeamEntry] = [],
        matches: [MatchEntry]
    ) {
        self.tournament = tournament
        self.ruleSet = ruleSet
        self.groups = groups
        self.ungroupedTeams = ungroupedTeams
        self.matches = matches
    }

    /// Every team: those of the groups in order, then the ungrouped ones.
    public var allTeams: [TeamEntry] { groups.flatMap(\.teams) + ungroupedTeams }

    /// The bundled UEFA EURO 2012 schedule, without results: what a new store is seeded with.
    ///
    /// - Throws: ``SetupError`` if the bundled file is broken (a build defect).
    public static var bundled: SetupData {
        get throws(SetupError) { try BundledTournament.euro2012.setup(withResults: false) }
    }

    /// The setup without results, goals, cards and official orders, and with the knockout
    /// teams that slots decide left out: the tournament as it stood before the first match.
    public var unplayed: SetupData {
        var setup = self
        for index in setup.groups.indices { setup.groups[index].officialOrder = nil }
        setup.matches = matches.map(\.unplayed)
        return setup
    }

    /// Reads and validates a setup property list file.
    ///
    /// - Parameter url: The file.
    /// - Returns: The setup.
    /// - Throws: ``SetupError`` naming the file (its last path component) and the key path of
    ///   the first culprit.
    /// - Complexity: Reads the file; its bytes are let go once parsed, before the setup is
    ///   checked.
    public static func read(contentsOf url: URL) throws(SetupError) -> SetupData {
        let source = url.lastPathComponent
        return try SetupData(propertyList: try propertyList(readingContentsOf: url, source: source), source: source)
    }

    /// The property list in the file at `url`: an XML one mapped and parsed as it is read,
    /// anything else read whole.
    private static func propertyList(readingContentsOf url: URL, source: String) throws(SetupError) -> PropertyListValue {
        if let file = try? MappedFile(path: url.path), XMLPropertyListParser.looksLikeXML(file.bytes),
            let value = try? XMLPropertyListParser.parse(file)
        {
            return value
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SetupError(source: source, keyPath: "", message: "cannot read \(quoted(url.path)): \(Self.reason(error))")
        }
        return try propertyList(from: data, source: source)
    }

    private static func reason(_ error: any Error) -> String {
        let cocoa = error as NSError
        if cocoa.domain == NSCocoaErrorDomain, cocoa.code == NSFileReadNoSuchFileError { return "no such file" }
        return cocoa.localizedDescription
    }
}
