import Foundation
import ObjectGraph

/// What the store says of the tournament itself: its title and its rule set.
extension Tournament {
    /// The tournament's title (`UEFA EURO 2012`), or `nil` before seeding.
    ///
    /// - Complexity: One query.
    public var title: String? {
        get throws { try storeAccess { try context.fetch(Competition.fetchRequest()).first?.title } }
    }

    /// The rule set the tournament plays by: the one its competition names (EURO 2012's in a
    /// store that names none).
    ///
    /// - Throws: ``PlannerError/Kind/unknownRuleSet(_:known:)``.
    public func ruleSet() throws -> RuleSet {
        let name = try storeAccess { try context.fetch(Competition.fetchRequest()).first?.ruleSet } ?? RuleSet.euro2012.identifier
        guard let ruleSet = RuleSet.named(name) else {
            throw PlannerError(.unknownRuleSet(name, known: RuleSet.all.map(\.identifier)))
        }
        return ruleSet
    }

}
