import EMPlanner

/// The shirt numbers every edition allows, for help texts: the rule sets are their one source.
enum ShirtNumberHelp {
    /// The numbers of each run of editions with the same squad rules, in order, such as
    /// `1 to 23 in 2004–2016, 1 to 26 in 2020–2024`.
    static let ranges: String = {
        var runs: [(numbers: ClosedRange<Int>, first: String, last: String)] = []
        for ruleSet in RuleSet.all {
            let year = String(ruleSet.identifier.drop { !$0.isNumber })
            if let run = runs.last, run.numbers == ruleSet.squad.shirtNumbers {
                runs[runs.count - 1].last = year
            } else {
                runs.append((ruleSet.squad.shirtNumbers, year, year))
            }
        }
        return runs.map { run in
            let years = run.first == run.last ? run.first : "\(run.first)–\(run.last)"
            return "\(run.numbers.lowerBound) to \(run.numbers.upperBound) in \(years)"
        }.joined(separator: ", ")
    }()

    /// The rule as help texts state it.
    static let rule =
        "Shirt numbers run from 1 to the squad's size, which the tournament's edition sets: \(ranges)."
}
