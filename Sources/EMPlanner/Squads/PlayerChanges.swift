/// The changes ``Squads/updatePlayer(team:number:changes:)`` applies to a player; a `nil`
/// field is left as it is.
///
/// Optional attributes use a double optional: `nil` keeps the value, `.some(nil)` clears it,
/// `.some("x")` sets it.
///
/// ```swift
/// var changes = PlayerChanges()
/// changes.number = 20
/// changes.club = .some(nil)        // clear the club
/// changes.team = "POR"             // move to Portugal
/// ```
public struct PlayerChanges: Equatable, Sendable {
    /// The new given name, or `.some(nil)` to clear it.
    public var givenname: String??
    /// The new family name.
    public var name: String?
    /// The new shirt number (1...99, free in the player's new team).
    public var number: Int?
    /// The new position: `GK`, `DF`, `MF` or `FW`.
    public var position: String?
    /// The new club, or `.some(nil)` to clear it.
    public var club: String??
    /// The new date of birth as `YYYY-MM-DD`, or `.some(nil)` to clear it.
    public var born: String??
    /// The team to move the player to (German name, English name or FIFA code).
    public var team: String?

    /// Creates changes; every field left `nil` keeps the player's value.
    public init(
        givenname: String?? = nil, name: String? = nil, number: Int? = nil, position: String? = nil,
        club: String?? = nil, born: String?? = nil, team: String? = nil
    ) {
        self.givenname = givenname
        self.name = name
        self.number = number
        self.position = position
        self.club = club
        self.born = born
        self.team = team
    }

    /// Whether nothing would change.
    public var isEmpty: Bool {
        self == PlayerChanges()
    }
}
