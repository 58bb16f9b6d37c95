import EMPlanner

extension ThirdPlaceRivals {
    /// What the team needs of the other groups' thirds: `if at least 2 of the other 5 thirds
    /// finish behind`.
    var neededWords: String {
        "if at least \(neededBehind) of the other \(rivals.count) thirds finish behind"
    }
}

extension ThirdPlaceRivals.Rival {
    /// How the group's third stands, in words: `behind`, `ahead`, or by outcomes: `behind if
    /// GEO do not win; the goals decide if CZE-TUR is a draw; ahead otherwise`.
    var words: String {
        let parts: [(ThirdPlaceRivals.Standing, String)] = [
            (.behind, "behind"), (.undecided, "the goals decide"), (.ahead, "ahead"),
        ]
        let present = parts.filter { !results($0.0).isEmpty }
        guard present.count > 1 else { return present.first?.1 ?? "behind" }
        return present.enumerated().map { index, part in
            index == present.count - 1
                ? "\(part.1) otherwise" : "\(part.1) if \(OutcomeSet(results(part.0), of: remaining).sentence)"
        }.joined(separator: "; ")
    }
}
