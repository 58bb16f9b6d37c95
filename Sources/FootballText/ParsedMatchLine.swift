/// What one date or match line states, before the date line context fills in the rest.
struct ParsedMatchLine {
    /// The date at the start of the line.
    var date: CalendarDate?
    /// The match number `(37)`.
    var number: Int?
    /// The kick-off time.
    var time: TimeOfDay?
    /// The time in a second zone `(19:00 EEST)`.
    var secondTime: ZonedTime?
    /// A venue written before the teams (`June 10 @ Düsseldorf     West Germany 1-1 Italy`) or
    /// on a line without teams (`June 14 20:00 @ Antwerpen, Bosuil`).
    var leadingVenue: Venue?
    /// The teams, result and venue, or nil on a line without teams.
    var match: Match?

    /// The teams, result and venue of a match line.
    struct Match {
        var home: String
        var away: String
        var score: ScoreLine?
        var venue: Venue?
    }
}
