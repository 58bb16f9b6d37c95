/// A team at a glance, as values read once from the store: names, aliases, group, head coach
/// and the squad, as `em show team` prints them.
public struct TeamProfile: Sendable, Equatable {
    /// A person of the team, by name.
    public struct Person: Sendable, Equatable {
        /// The given name, if any.
        public var givenname: String?
        /// The name.
        public var name: String?

        /// Given name and name, as people write them (`Mario Götze`, `Pepe`).
        public var fullName: String {
            [givenname, name].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    /// A player of the squad.
    public struct SquadPlayer: Sendable, Equatable {
        /// The position: `GK`, `DF`, `MF` or `FW`.
        public var position: String?
        /// The shirt number.
        public var number: Int?
        /// The player's names.
        public var person: Person
        /// The club, if known.
        public var club: String?
        /// The date of birth as `YYYY-MM-DD`, if known.
        public var born: String?
    }

    /// The FIFA code (`GER`).
    public var code: String?
    /// The name in the store's language (`Deutschland`).
    public var name: String?
    /// The English name, if any.
    public var englishName: String?
    /// The team's aliases, alphabetically.
    public var aliases: [String]
    /// The group's name, if the team is in one.
    public var group: String?
    /// The head coach, if any.
    public var coach: Person?
    /// The squad, by position (GK, DF, MF, FW, then any other), then shirt number.
    public var squad: [SquadPlayer]

    /// The profile of `team`, read from its object.
    init(_ team: Team) {
        code = team.code
        name = team.name
        englishName = team.englishName
        aliases = team.aliases.compactMap(\.name).sorted()
        group = team.group?.name
        coach = team.coach.map { Person(givenname: $0.givenname, name: $0.name) }
        squad = team.players.map { player in
            SquadPlayer(
                position: player.position, number: player.number.map(Int.init),
                person: Person(givenname: player.givenname, name: player.name), club: player.club, born: player.bornDay)
        }
        .sorted { (Self.rank($0.position), $0.number ?? 0) < (Self.rank($1.position), $1.number ?? 0) }
    }

    /// Where a position comes in a squad: GK, DF, MF, FW, then anything else.
    private static func rank(_ position: String?) -> Int {
        ["GK", "DF", "MF", "FW"].firstIndex(of: position ?? "") ?? 4
    }
}
