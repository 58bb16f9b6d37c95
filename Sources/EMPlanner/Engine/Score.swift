/// Goals of the home and the away side: a score, or the kicks scored in a shoot-out.
public struct Score: Hashable, Sendable, CustomStringConvertible {
    /// Goals of the home side.
    public var home: Int
    /// Goals of the away side.
    public var away: Int

    /// A score of `home` to `away`.
    public init(_ home: Int, _ away: Int) {
        self.home = home
        self.away = away
    }

    /// Whether both sides scored as many.
    public var isLevel: Bool { home == away }

    /// The score as `home:away`, such as `2:1`.
    public var description: String { "\(home):\(away)" }
}
