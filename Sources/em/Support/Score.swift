import ArgumentParser

/// Goals of the home and the away side, written `2:1`.
struct Score: ExpressibleByArgument, Equatable {
    /// The home side's goals.
    let home: Int
    /// The away side's goals.
    let away: Int

    /// The forms a score is written in, for error messages.
    static let accepted = "the goals home first as HOME:AWAY, whole numbers of 0 or more, e.g. 2:1 or 0:0"

    /// Reads `HOME:AWAY`, two whole numbers of 0 or more; `nil` for anything else.
    init?(argument: String) {
        let sides = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard sides.count == 2, let home = Int(sides[0]), let away = Int(sides[1]), home >= 0, away >= 0 else { return nil }
        self.home = home
        self.away = away
    }
}

extension Score {
    /// Reads `HOME:AWAY` (``init(argument:)``), saying which forms are accepted when `text` is
    /// in none of them.
    static func parse(_ text: String) throws -> Score {
        guard let score = Score(argument: text) else { throw ValidationError("expected \(accepted)") }
        return score
    }
}
