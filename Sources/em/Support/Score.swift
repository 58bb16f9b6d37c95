import ArgumentParser

/// Goals of the home and the away side, written `2:1`.
struct Score: ExpressibleByArgument, Equatable {
    /// The home side's goals.
    let home: Int
    /// The away side's goals.
    let away: Int

    /// Reads `HOME:AWAY`, two whole numbers of 0 or more; `nil` for anything else.
    init?(argument: String) {
        let sides = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard sides.count == 2, let home = Int(sides[0]), let away = Int(sides[1]), home >= 0, away >= 0 else { return nil }
        self.home = home
        self.away = away
    }
}
