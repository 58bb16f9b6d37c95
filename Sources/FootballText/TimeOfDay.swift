/// A local kick-off time, as a match line gives it (`21:00`).
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The hour, 0 to 23.
    public var hour: Int
    /// The minute, 0 to 59.
    public var minute: Int

    /// The time `hour`:`minute`.
    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Whether `lhs` is earlier in the day than `rhs`.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }

    /// The time as Football.TXT writes it, such as `09:30` or `21:00`.
    public var description: String {
        let hour = self.hour < 10 ? "0\(self.hour)" : "\(self.hour)"
        let minute = self.minute < 10 ? "0\(self.minute)" : "\(self.minute)"
        return "\(hour):\(minute)"
    }
}
