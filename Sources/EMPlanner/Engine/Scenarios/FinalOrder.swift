/// A group's final order: its teams in tiers, best first, a tier holding one team or several
/// that only disciplinary points, a ranking, a shoot-out or lots could separate.
public struct FinalOrder: Hashable, Sendable, CustomStringConvertible {
    /// The tiers, best first.
    public var tiers: [[String]]

    /// An order of these tiers.
    public init(tiers: [[String]]) {
        self.tiers = tiers
    }

    /// Every position each team can take in this order: its tier's places.
    public var positions: [String: ClosedRange<Int>] {
        var positions: [String: ClosedRange<Int>] = [:]
        var first = 1
        for tier in tiers {
            for team in tier { positions[team] = first...(first + tier.count - 1) }
            first += tier.count
        }
        return positions
    }

    /// The order as `GER, SUI, HUN = SCO`: level teams joined by `=`.
    public var description: String {
        tiers.map { $0.joined(separator: " = ") }.joined(separator: ", ")
    }
}
