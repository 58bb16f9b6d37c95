import Foundation

/// A whole tournament as plain values, mirroring the setup property list: groups with their
/// teams, teams with their coach and squad, and the matches (with results, if any).
///
/// Read one with ``read(contentsOf:)`` or ``init(plist:source:)``, which check every value and
/// the consistency of the whole (see ``validate(source:)``); write one with ``plistData()``.
/// ``Tournament/exportSetup()`` turns a store back into a `SetupData`, so a tournament
/// round-trips through a plist without loss.
public struct SetupData: Equatable, Sendable {
    /// A group of the group stage with its teams.
    public struct GroupEntry: Equatable, Sendable {
        /// The group's name, e.g. `A`.
        public var name: String
        /// The teams of the group.
        public var teams: [TeamEntry]

        /// Creates a group.
        public init(name: String, teams: [TeamEntry]) {
            self.name = name
            self.teams = teams
        }
    }

    /// A team with its coach and squad.
    public struct TeamEntry: Equatable, Sendable {
        /// The German name, e.g. `Deutschland`; matches name teams by it.
        public var name: String
        /// The English name, e.g. `Germany`.
        public var englishName: String?
        /// The FIFA code: three capital letters, e.g. `GER`.
        public var code: String
        /// The head coach.
        public var coach: CoachEntry?
        /// The squad, in shirt number order.
        public var players: [PlayerEntry]

        /// Creates a team.
        public init(name: String, englishName: String?, code: String, coach: CoachEntry?, players: [PlayerEntry]) {
            self.name = name
            self.englishName = englishName
            self.code = code
            self.coach = coach
            self.players = players
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
        /// The kick-off, an absolute instant.
        public var kickoff: Date
        /// The venue's IANA time zone, e.g. `Europe/Warsaw`; local times are shown in it.
        public var timeZone: String
        /// The stadium.
        public var venue: String
        /// The city of the stadium.
        public var city: String
        /// `group`, `round16`, `quarterfinal`, `semifinal` or `final`.
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
        /// Who plays as the home side of a knockout match, as a slot label such as `1A`,
        /// `3A/C/D` or `W25` (a match number is the match's position in the setup, from 1).
        public var homeSlot: String?
        /// Who plays as the away side of a knockout match, as a slot label.
        public var awaySlot: String?

        /// Creates a match, unplayed unless results are given.
        public init(
            home: String?, away: String?, kickoff: Date, timeZone: String, venue: String, city: String,
            round: String, group: String?, homeGoals: Int? = nil, awayGoals: Int? = nil,
            afterExtraTime: Bool = false, homePenalties: Int? = nil, awayPenalties: Int? = nil,
            homeSlot: String? = nil, awaySlot: String? = nil
        ) {
            self.home = home
            self.away = away
            self.kickoff = kickoff
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
        }
    }

    /// The tournament's title, e.g. `UEFA EURO 2012`.
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

    /// Creates a setup from its parts (not validated; ``Tournament/seed(from:)`` validates).
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

    /// The bundled UEFA EURO 2012 setup (`Resources/setup.plist`).
    ///
    /// - Throws: ``SetupError`` if the bundled file is broken (a build defect).
    public static var bundled: SetupData {
        get throws(SetupError) {
            try SetupData(plist: PlannerModel.bundledSetup, source: "bundled setup.plist")
        }
    }

    /// Reads and validates a setup property list file.
    ///
    /// - Parameter url: The file.
    /// - Returns: The setup.
    /// - Throws: ``SetupError`` naming the file (its last path component) and the key path of
    ///   the first culprit.
    /// - Complexity: Reads the file.
    public static func read(contentsOf url: URL) throws(SetupError) -> SetupData {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SetupError(
                source: url.lastPathComponent, keyPath: "", message: "cannot read \(quoted(url.path)): \(Self.reason(error))")
        }
        return try SetupData(plist: data, source: url.lastPathComponent)
    }

    private static func reason(_ error: any Error) -> String {
        let cocoa = error as NSError
        if cocoa.domain == NSCocoaErrorDomain, cocoa.code == NSFileReadNoSuchFileError { return "no such file" }
        return cocoa.localizedDescription
    }
}
