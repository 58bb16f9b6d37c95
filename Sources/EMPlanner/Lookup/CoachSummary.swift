/// A head coach as values read once from the store: what `em list coaches` shows of him.
public struct CoachSummary {
    /// His team's FIFA code.
    public var team: String?
    /// The given name, if any.
    public var givenname: String?
    /// The name.
    public var name: String?
    /// Given name and name, as people write them (`Joachim Löw`).
    public var fullName: String
    /// The coach in a few words, as messages name him (`coach GER Joachim Löw`).
    public var label: String
    /// The coach's object, for the planner and its tests.
    let object: Coach

    /// The summary of `coach`.
    init(_ coach: Coach) {
        team = coach.team?.code
        givenname = coach.givenname
        name = coach.name
        fullName = coach.fullName
        label = Self.label(of: coach)
        object = coach
    }

    /// `coach GER Joachim Löw`.
    static func label(of coach: Coach) -> String {
        "coach \(coach.team?.code ?? "-") \(coach.fullName)"
    }
}
