import Foundation

/// A player as values read once from the store: what `em list players` shows of him.
public struct PlayerSummary {
    /// His team's FIFA code.
    public var team: String?
    /// The shirt number.
    public var number: Int?
    /// The given name, if any.
    public var givenname: String?
    /// The name.
    public var name: String?
    /// Given name and name, as people write them (`Mario Götze`, `Pepe`).
    public var fullName: String
    /// The position: `GK`, `DF`, `MF` or `FW`.
    public var position: String?
    /// The club, if known.
    public var club: String?
    /// The date of birth, if known.
    public var bornDate: Date?
    /// The date of birth as `YYYY-MM-DD`, if known.
    public var born: String? { bornDate.map { CalendarDay.string(from: $0, in: CalendarDay.utc) } }
    /// The player in a few words, as messages name him (`player GER 19 Mario Götze`).
    public var label: String
    /// The player's object, for the planner and its tests.
    let object: Player

    /// The summary of `player`.
    init(_ player: Player) {
        team = player.team?.code
        number = player.number.map(Int.init)
        givenname = player.givenname
        name = player.name
        fullName = player.fullName
        position = player.position
        club = player.club
        bornDate = player.born
        label = Self.label(of: player)
        object = player
    }

    /// `player GER 19 Mario Götze`.
    static func label(of player: Player) -> String {
        "player \(player.team?.code ?? "-") \(player.number.map(String.init) ?? "-") \(player.fullName)"
    }
}
