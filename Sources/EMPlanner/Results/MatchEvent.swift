/// A goal or a card of a match, as ``Results/events(in:)`` lists them.
enum MatchEvent {
    /// A goal.
    case goal(Goal)
    /// A card.
    case card(Card)

    /// The minute, if recorded (a goal always has one).
    var minute: Int? {
        switch self {
        case .goal(let goal): goal.minute.map(Int.init)
        case .card(let card): card.minute.map(Int.init)
        }
    }
}
