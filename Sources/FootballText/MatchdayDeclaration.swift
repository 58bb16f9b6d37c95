/// A matchday or stage with its dates, declared in a line such as
/// `▪ Matchday 1 | Fri Jun 14 - Tue Jun 18` or `▪ Final | Sun Dec 18`.
public struct MatchdayDeclaration: Hashable, Sendable {
    /// The name before the `|` (`Matchday 1`).
    public var name: String
    /// The first day.
    public var start: CalendarDate
    /// The last day, or nil if only one day is given.
    public var end: CalendarDate?

    /// The matchday `name` from `start` to `end`.
    public init(name: String, start: CalendarDate, end: CalendarDate? = nil) {
        self.name = name
        self.start = start
        self.end = end
    }
}
