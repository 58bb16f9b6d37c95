/// A minute of play: `87'`, or `45+1'` for the first minute added to the first half.
public struct MatchMinute: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The minute, such as 45 in `45+1'`.
    public var minute: Int
    /// The minute of added time, such as 1 in `45+1'`, or nil.
    public var addedTime: Int?

    /// The minute `minute`, plus `addedTime` minutes of added time.
    public init(_ minute: Int, addedTime: Int? = nil) {
        self.minute = minute
        self.addedTime = addedTime
    }

    /// Whether `lhs` comes before `rhs` in the match.
    public static func < (lhs: MatchMinute, rhs: MatchMinute) -> Bool {
        (lhs.minute, lhs.addedTime ?? 0) < (rhs.minute, rhs.addedTime ?? 0)
    }

    /// The minute as written, such as `45+1'`.
    public var description: String {
        if let addedTime { return "\(minute)+\(addedTime)'" }
        return "\(minute)'"
    }
}
