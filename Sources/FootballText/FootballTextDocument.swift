/// The content of one Football.TXT match file (openfootball's `euro.txt`, `cup.txt`):
/// title, header comments, time zone, group and matchday declarations, and the rounds with
/// their matches in file order.
public struct FootballTextDocument: Hashable, Sendable {
    /// The title without the `=` (`Euro 1968`), or nil if the file has no title line.
    public var title: String?
    /// The title line's trailing comment (`Italy, June 5-10`), or nil.
    public var titleComment: String?
    /// The comment lines above the first declaration, round or match, except the zone line;
    /// the text after the `#` marks (empty for a line of only `#`s).
    public var headerComments: [String]
    /// The zone's name from the header's `# All times are local, CEST (UTC+2).` (`CEST`), or nil.
    public var zoneName: String?
    /// The zone's offset from UTC in minutes from the same line (120 for `UTC+2`), or nil.
    public var utcOffsetMinutes: Int?
    /// The `Group … | teams` declarations, in order.
    public var groups: [GroupDeclaration]
    /// The `▪ Matchday … | dates` declarations, in order.
    public var matchdays: [MatchdayDeclaration]
    /// The rounds in file order.
    public var rounds: [RoundSection]
    /// The comment lines after the last match that belong to nothing below them.
    public var trailingComments: [String]

    /// A document of the given parts.
    public init(
        title: String? = nil,
        titleComment: String? = nil,
        headerComments: [String] = [],
        zoneName: String? = nil,
        utcOffsetMinutes: Int? = nil,
        groups: [GroupDeclaration] = [],
        matchdays: [MatchdayDeclaration] = [],
        rounds: [RoundSection] = [],
        trailingComments: [String] = []
    ) {
        self.title = title
        self.titleComment = titleComment
        self.headerComments = headerComments
        self.zoneName = zoneName
        self.utcOffsetMinutes = utcOffsetMinutes
        self.groups = groups
        self.matchdays = matchdays
        self.rounds = rounds
        self.trailingComments = trailingComments
    }

    /// The year in the title: its first group of exactly four digits (`1968` in `Euro 1968`), or nil.
    ///
    /// Dates without a year of their own are in this year.
    public var year: Int? { TitleYear.year(in: title) }

    /// All matches in file order.
    public var matches: [MatchEntry] { rounds.flatMap(\.matches) }
}
