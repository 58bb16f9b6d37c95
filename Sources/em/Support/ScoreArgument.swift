import ArgumentParser

/// A score as typed on the command line, `2:1` or `2-1`: the goals of the home and the away
/// side, read before the planner gets them.
struct ScoreArgument: ExpressibleByArgument, Equatable {
    /// The home side's goals.
    let home: Int
    /// The away side's goals.
    let away: Int

    /// The forms a score is written in, for error messages.
    static let accepted = "the goals home first as HOME:AWAY or HOME-AWAY, whole numbers of 0 or more, e.g. 2:1 or 0-0"

    /// Reads `HOME:AWAY` or `HOME-AWAY`, two whole numbers of 0 or more; `nil` for anything
    /// else.
    init?(argument: String) {
        guard let goals = Self.goals(in: argument), goals.home >= 0, goals.away >= 0 else { return nil }
        self.home = goals.home
        self.away = goals.away
    }

    /// The two whole numbers of `text`, `HOME:AWAY` or `HOME-AWAY`, whatever their sign; `nil`
    /// when it is in neither form.
    private static func goals(in text: String) -> (home: Int, away: Int)? {
        for separator: Character in [":", "-"] {
            let sides = text.split(separator: separator, omittingEmptySubsequences: false)
            if sides.count == 2, let home = Int(sides[0]), let away = Int(sides[1]) { return (home, away) }
        }
        return nil
    }
}

extension ScoreArgument {
    /// Reads `HOME:AWAY` or `HOME-AWAY` (``init(argument:)``), saying what is wrong when
    /// `text` is not a score: a negative goal count, or which forms are accepted.
    static func parse(_ text: String) throws -> ScoreArgument {
        if let score = ScoreArgument(argument: text) { return score }
        if let problem = negativeGoals(in: text) { throw ValidationError(problem) }
        throw ValidationError("expected \(accepted)")
    }

    /// What is wrong with `text` if it is a score with a negative goal count; `nil` if it is
    /// not.
    static func negativeGoals(in text: String) -> String? {
        guard let goals = goals(in: text), min(goals.home, goals.away) < 0 else { return nil }
        return "the score \(text) is negative: a goal count is 0 or more"
    }
}
