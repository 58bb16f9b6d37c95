import EMPlanner

/// What `em needs` prints: what is already certain for the team, then for each target its
/// status or the conditions that take the team there; or the same as JSON.
struct NeedsReport {
    let entry: Reports.Needs

    /// The report as text, `width` columns wide at most (`nil`: no limit).
    func text(width: Int?) -> String {
        let needs = entry.needs
        let matches = needs.remaining.indices.map(label)
        var text =
            (matches.isEmpty
            ? "\(needs.team), group \(needs.group): every match played"
            : "\(needs.team), group \(needs.group): to play \(matches.joined(separator: ", "))").paragraph(width: width)
        if let summary { text += "\(needs.team): \(summary)".paragraph(width: width) }
        let labelWidth = needs.targets.map(\.target.words.count).max() ?? 0
        for target in needs.targets {
            let head = target.target.words.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            let body =
                target.status == .possible
                ? target.conditions.map(\.sentence).joined(separator: "; or ") : target.status.rawValue
            text += "  \(head)  \(body)".paragraph(width: width, indent: String(repeating: " ", count: labelWidth + 4))
        }
        if let limit = needs.goalLimit {
            text += "These conditions are exact up to \(limit) goals a side; beyond, they are not proven."
                .paragraph(width: width)
        }
        if let third = entry.thirdPlace {
            let criteria = entry.thirdPlaceCriteria
            var thresholds: [String] = []
            if third.qualification == .possible, let sure = third.sureAbove {
                thresholds.append("sure if better than \(ThirdPlaceRace.thresholdWords(sure, criteria: criteria))")
            }
            if third.qualification == .possible, let out = third.outBelow {
                thresholds.append("out if worse than \(ThirdPlaceRace.thresholdWords(out, criteria: criteria))")
            }
            let opponents =
                third.opponents.isEmpty ? "" : "; would meet \(third.opponentSlots.joined(separator: " or "))"
            let race = thresholds.isEmpty ? "" : ": " + thresholds.joined(separator: ", ")
            text += "As a third: \(third.qualification.rawValue), rank \(third.rankWords) of the thirds\(race)\(opponents)."
                .paragraph(width: width)
        }
        for thirdPlaceCase in entry.thirdPlaceCases {
            let rivals = thirdPlaceCase.rivals
            let head =
                thirdPlaceCase.outcomes.isEverything
                ? "Through as a third \(rivals.neededWords):"
                : "If \(thirdPlaceCase.outcomes.sentence): through as a third \(rivals.neededWords):"
            text += head.paragraph(width: width)
            for rival in rivals.rivals {
                text += "  \(rival.group)  \(rival.words)".paragraph(width: width, indent: "     ")
            }
        }
        return text
    }

    /// The report as a JSON object (documented in `em needs --help`).
    func json() -> String {
        let needs = entry.needs
        let remaining = needs.remaining.enumerated().map { index, match in
            OutputValue.object([
                .init(key: "match", value: .integer(entry.matchIDs[index])), .init(key: "home", value: .string(match.home)),
                .init(key: "away", value: .string(match.away)),
            ])
        }
        let targets = needs.targets.map { target in
            OutputValue.object([
                .init(key: "target", value: .string(target.target.rawValue)),
                .init(key: "status", value: .string(target.status.rawValue)),
                .init(key: "conditions", value: .array(target.conditions.map(json))),
            ])
        }
        return JSONRenderer().render(
            .object([
                .init(key: "team", value: .string(needs.team)), .init(key: "group", value: .string(needs.group)),
                .init(key: "summary", value: OutputValue(summary)), .init(key: "remaining", value: .array(remaining)),
                .init(key: "targets", value: .array(targets)),
                .init(key: "goalLimit", value: needs.goalLimit.map { .integer($0) } ?? .null),
                .init(key: "thirdPlace", value: thirdPlaceJSON),
            ])) + "\n"
    }

    /// The race for the best thirds as the team stands in it: `null` where it cannot finish
    /// third or the format has no best thirds.
    private var thirdPlaceJSON: OutputValue {
        guard let third = entry.thirdPlace else { return .null }
        return .object([
            .init(key: "qualification", value: .string(third.qualification.rawValue)),
            .init(key: "ranks", value: third.ranksJSON),
            .init(key: "opponents", value: .array(third.opponentSlots.map(OutputValue.string))),
            .init(key: "sureAbove", value: record(third.sureAbove)), .init(key: "outBelow", value: record(third.outBelow)),
            .init(key: "cases", value: .array(entry.thirdPlaceCases.map(json))),
        ])
    }

    /// A case of the race for the thirds as JSON: the team's outcomes, how many rivals must
    /// finish behind, and each rival group's standing by its outcomes.
    private func json(_ thirdPlaceCase: Reports.ThirdPlaceCase) -> OutputValue {
        let rivals = thirdPlaceCase.rivals.rivals.map { rival in
            let ids = entry.openMatchIDs[rival.group] ?? []
            return OutputValue.object([
                .init(key: "group", value: .string(rival.group)),
                .init(key: "standing", value: .string(rival.standing.rawValue)),
                .init(
                    key: "outcomes",
                    value: .array(
                        rival.outcomes.map { outcome in
                            .object([
                                .init(key: "results", value: results(outcome.results, ids: ids)),
                                .init(key: "standing", value: .string(outcome.standing.rawValue)),
                            ])
                        })),
            ])
        }
        return .object([
            .init(
                key: "when",
                value: .array(
                    thirdPlaceCase.outcomes.combinations.sorted(by: Self.precedes).map { results($0, ids: entry.matchIDs) })),
            .init(key: "neededBehind", value: .integer(thirdPlaceCase.rivals.neededBehind)),
            .init(key: "rivals", value: .array(rivals)),
        ])
    }

    /// Outcomes of open matches as `{"35": "home", "36": "draw"}`.
    private func results(_ outcomes: [MatchOutcome], ids: [Int]) -> OutputValue {
        .object(zip(ids, outcomes).map { .init(key: String($0), value: .string($1.rawValue)) })
    }

    /// Home before draw before away, match by match.
    private static func precedes(_ first: [MatchOutcome], _ second: [MatchOutcome]) -> Bool {
        first.lexicographicallyPrecedes(second) {
            MatchOutcome.allCases.firstIndex(of: $0)! < MatchOutcome.allCases.firstIndex(of: $1)!
        }
    }

    /// A threshold record as JSON by criterion, `null` where there is none.
    private func record(_ values: [Int]?) -> OutputValue {
        values.map { ThirdPlaceRace.json($0, criteria: entry.thirdPlaceCriteria) } ?? .null
    }

    /// What is already certain, if anything: `through as group winner`, `through, first or
    /// second`, `through`, `out`.
    private var summary: String? {
        let needs = entry.needs
        let status = { (target: NeedsTarget) in needs.needs(for: target)?.status }
        if status(.first) == .certain { return "through as group winner" }
        if status(.topTwo) == .certain { return "through, first or second" }
        if status(.through) == .certain { return "through" }
        if status(.through) == .impossible { return "out" }
        return nil
    }

    private func json(_ condition: NeedsCondition) -> OutputValue {
        let results = condition.clauses.map { clause in
            OutputValue.object([
                .init(key: "match", value: .integer(entry.matchIDs[clause.match])),
                .init(key: "team", value: .string(clause.team)), .init(key: "opponent", value: .string(clause.opponent)),
                .init(key: "outcomes", value: .array(clause.outcomes.map { .string($0.rawValue) })),
                .init(key: "minimumMargin", value: OutputValue(clause.minimumMargin)),
                .init(key: "maximumMargin", value: OutputValue(clause.maximumMargin)),
                .init(key: "minimumGoals", value: OutputValue(clause.minimumGoals)),
                .init(key: "maximumGoals", value: OutputValue(clause.maximumGoals)),
            ])
        }
        let comparisons = condition.comparisons.map { comparison in
            OutputValue.object([
                .init(key: "quantity", value: .string(comparison.quantity.rawValue)),
                .init(key: "minimumDifference", value: OutputValue(comparison.minimumDifference)),
                .init(key: "maximumDifference", value: OutputValue(comparison.maximumDifference)),
            ])
        }
        return .object([
            .init(key: "sentence", value: .string(condition.sentence)), .init(key: "results", value: .array(results)),
            .init(key: "comparisons", value: .array(comparisons)),
            .init(key: "decidedBy", value: OutputValue(condition.decider?.name)),
        ])
    }

    /// An open match as `35 SUI-GER`.
    private func label(_ index: Int) -> String {
        let match = entry.needs.remaining[index]
        return "\(entry.matchIDs[index]) \(match.home)-\(match.away)"
    }
}
