/// The kick-off time in a second zone, written in brackets after the local time:
/// `18:00 (19:00 EEST)` (EURO 2012, matches in Ukraine while the file's zone is CEST).
public struct ZonedTime: Hashable, Sendable, CustomStringConvertible {
    /// The time in that zone.
    public var time: TimeOfDay
    /// The zone's name as written (`EEST`), or nil when the bracket names none.
    public var zone: String?

    /// The time `time` in the zone named `zone`.
    public init(time: TimeOfDay, zone: String?) {
        self.time = time
        self.zone = zone
    }

    /// The bracket's content, such as `19:00 EEST`.
    public var description: String {
        if let zone { return "\(time) \(zone)" }
        return time.description
    }
}
