/// Who is shown a card: a player of the team's squad, or one of its officials (coach,
/// assistant, doctor), who is not in the squad and is named as the referee's report names him.
public enum CardHolder: Hashable, Sendable {
    /// The squad's player wearing this shirt number.
    case player(number: Int)
    /// A team official, by name.
    case official(name: String)
    /// A player known by name only, not in the squad (a tournament imported without squads).
    case namedPlayer(name: String)
}
