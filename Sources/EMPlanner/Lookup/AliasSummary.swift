/// A team's alias as values read once from the store.
public struct AliasSummary {
    /// The alias as kept (`Oranje`).
    public var name: String?
    /// The FIFA code of the team it names.
    public var team: String?
    /// The alias in a few words, as messages name it (`alias "Oranje" of team NED`).
    public var label: String

    /// The summary of `alias`, labelled by `lookup`.
    init(_ alias: TeamAlias, lookup: Lookup) {
        name = alias.name
        team = alias.team?.code
        label = lookup.label(of: alias)
    }
}
