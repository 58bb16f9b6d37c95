import Foundation

/// The squad rules as edits and setups check them: one answer for both, so that a setup can
/// hold no squad an edit would refuse.
extension SquadRules {
    /// Why a player of `position` cannot wear `number`, or `nil`: the number is out of range,
    /// or only goalkeepers wear it.
    func shirtProblem(number: Int, position: String) -> PlannerError.Kind? {
        guard shirtNumbers.contains(number) else { return .shirtNumberOutOfRange(number, allowed: shirtNumbers) }
        if goalkeeperShirts.contains(number), position != "GK" { return .goalkeeperShirt(number: number) }
        return nil
    }

    /// Why a date of birth (`YYYY-MM-DD`, a real day) is implausible for a tournament whose first
    /// day is `firstDay`, or `nil`: the player would be younger or older than ``ages``.
    func birthProblem(_ born: (year: Int, month: Int, day: Int), text: String, firstDay: (year: Int, month: Int, day: Int))
        -> PlannerError.Kind?
    {
        let age = Self.age(born: born, on: firstDay)
        return ages.contains(age) ? nil : .implausibleBirthDate(text, age: age, allowed: ages)
    }

    /// The first day of a tournament whose earliest kick-off is `kickoff` (in UTC), or today's
    /// before any match is scheduled.
    static func firstDay(kickoff: Date?) -> (year: Int, month: Int, day: Int) {
        CalendarDay.numbers(CalendarDay.string(from: kickoff ?? Date(), in: CalendarDay.utc))!
    }
}
