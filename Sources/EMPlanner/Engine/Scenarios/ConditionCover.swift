/// Describes a set of scorelines of up to two open matches as a few simple conditions,
/// simplest first, that hold on exactly that set.
///
/// A condition (a ``Term``) asks each match for a set of results and bounds some of: a match's
/// margin or goals (the match's result being one), the difference or the sum of the two
/// matches' margins or goals (both results being one). For a fixed result of each match, every
/// tie-break comparison is the sign of a sum of such quantities and a constant from the
/// played matches, so a target's set of scorelines is made of such pieces. The cover works on
/// the enumerated scorelines: a term is taken only if every scoreline it holds for is in the
/// set (and, where the caller asks, that it admits: ``NeedsProof`` admits a term only if no
/// scoreline beyond the enumeration contradicts it), and the terms together hold for all of
/// it. Greedily, the fewest bounds first, then
/// the most scorelines not yet described; a scoreline no term of up to three bounds describes
/// gets a term of its own (its exact score). Bounds stop at ``limit``, below the enumeration's
/// edge, so that a term is read as going on beyond the edge as it does up to it.
struct ConditionCover {
    /// What a bound bounds.
    enum Coordinate: Hashable {
        /// The margin of the match at this index.
        case margin(Int)
        /// The goals counted in the match at this index (see ``MatchReading/goals``).
        case goals(Int)
        /// The first match's margin less the second's.
        case marginDifference
        /// The first match's goals less the second's.
        case goalsDifference
        /// The two matches' margins added.
        case marginSum
        /// The two matches' goals added.
        case goalsSum
        /// The first match's goals less the goals of the other side in the second.
        case goalsAgainstOtherSide

        /// What the coordinate adds up: each match's margin or goals, counted `factor` times.
        var parts: [(factor: Int, isMargin: Bool, match: Int)] {
            switch self {
            case .margin(let match): [(1, true, match)]
            case .goals(let match): [(1, false, match)]
            case .marginDifference: [(1, true, 0), (-1, true, 1)]
            case .goalsDifference: [(1, false, 0), (-1, false, 1)]
            case .marginSum: [(1, true, 0), (1, true, 1)]
            case .goalsSum: [(1, false, 0), (1, false, 1)]
            case .goalsAgainstOtherSide: [(1, false, 0), (-1, false, 1), (1, true, 1)]
            }
        }

        /// The coordinate's value at `point`.
        func value(_ point: [MatchReading]) -> Int {
            parts.reduce(0) { $0 + $1.factor * ($1.isMargin ? point[$1.match].margin : point[$1.match].goals) }
        }
    }

    /// How a bound bounds.
    enum Relation: Hashable {
        case atLeast
        case atMost
        case exactly
    }

    /// A bound on a coordinate.
    struct Atom: Hashable {
        var coordinate: Coordinate
        var relation: Relation
        var value: Int

        func holds(_ point: [MatchReading]) -> Bool {
            let actual = coordinate.value(point)
            switch relation {
            case .atLeast: return actual >= value
            case .atMost: return actual <= value
            case .exactly: return actual == value
            }
        }

        /// Whether the atom needs its matches' results to be one (a margin also not a draw).
        func fits(_ outcomes: [Set<TeamOutcome>]) -> Bool {
            let single = { (match: Int) in outcomes[match].count == 1 }
            let decisive = { (match: Int) in single(match) && outcomes[match] != [.draw] }
            switch coordinate {
            case .margin(let match): return decisive(match)
            case .goals(let match): return single(match)
            case .marginDifference, .marginSum: return decisive(0) && decisive(1)
            case .goalsDifference, .goalsSum, .goalsAgainstOtherSide: return single(0) && single(1)
            }
        }
    }

    /// A condition: a set of results per match and bounds.
    struct Term: Hashable {
        var outcomes: [Set<TeamOutcome>]
        var atoms: [Atom]
    }

    private let points: [[MatchReading]]
    private let matchCount: Int
    /// The largest threshold a bound may use.
    let limit: Int
    private let wordCount: Int
    private let atoms: [Atom]
    private let atomBits: [[UInt64]]
    /// Where each point given to ``init(points:limit:)`` is kept.
    private var position: [Int]
    /// A set of results per match, its points and the bounds that can narrow them.
    private struct Combination {
        var outcomes: [Set<TeamOutcome>]
        var mask: [UInt64]
        var range: ClosedRange<Int>
        /// The indices of the atoms that fit the results and hold for some of their points,
        /// not all.
        var atoms: [Int]
    }
    /// Every combination of a non-empty set of results per match that has points.
    private let combinations: [Combination]

    /// A cover over `points`, each a reading per open match (the same number for all).
    init(points: [[MatchReading]], limit: Int) {
        // Points of one combination of results side by side: a term of single results spans
        // a few words.
        let cell = { (point: [MatchReading]) in point.reduce(0) { $0 * 3 + TeamOutcome.allCases.firstIndex(of: $1.outcome)! } }
        let order = points.indices.sorted { (cell(points[$0]), $0) < (cell(points[$1]), $1) }
        position = [Int](repeating: 0, count: points.count)
        for (slot, index) in order.enumerated() { position[index] = slot }
        let points = order.map { points[$0] }
        self.points = points
        self.limit = limit
        matchCount = points.first?.count ?? 0
        wordCount = (points.count + 63) / 64
        var coordinates = (0..<matchCount).flatMap { [Coordinate.margin($0), .goals($0)] }
        if matchCount == 2 {
            coordinates += [.marginDifference, .marginSum, .goalsDifference, .goalsSum, .goalsAgainstOtherSide]
        }
        var atoms: [Atom] = []
        for coordinate in coordinates {
            let values = Set(points.map(coordinate.value)).sorted()
            guard let lowest = values.first, let highest = values.last else { continue }
            for value in values where abs(value) <= limit {
                if value > lowest { atoms.append(Atom(coordinate: coordinate, relation: .atLeast, value: value)) }
                if value < highest { atoms.append(Atom(coordinate: coordinate, relation: .atMost, value: value)) }
                atoms.append(Atom(coordinate: coordinate, relation: .exactly, value: value))
            }
        }
        self.atoms = atoms
        let count = wordCount
        let bits = { (holds: ([MatchReading]) -> Bool) -> [UInt64] in
            var words = [UInt64](repeating: 0, count: count)
            for (index, point) in points.enumerated() where holds(point) { words[index >> 6] |= 1 << UInt64(index & 63) }
            return words
        }
        let atomBits = atoms.map { atom in bits(atom.holds) }
        self.atomBits = atomBits
        let matches = points.first?.count ?? 0
        let outcomeBits = (0..<matches).map { match in
            Dictionary(
                uniqueKeysWithValues: TeamOutcome.allCases.map { outcome in (outcome, bits { $0[match].outcome == outcome }) })
        }
        let choices = [TeamOutcome.win, .draw, .loss].subsets
        let sets = (0..<matches).reduce([[Set<TeamOutcome>]]([[]])) { combinations, _ in
            combinations.flatMap { combination in choices.map { combination + [$0] } }
        }
        combinations = sets.compactMap { outcomes in
            var mask = [UInt64](repeating: ~0, count: count)
            for (match, set) in outcomes.enumerated() {
                for word in mask.indices { mask[word] &= set.reduce(0) { $0 | outcomeBits[match][$1]![word] } }
            }
            guard let range = Self.span(mask) else { return nil }
            let atoms = atoms.indices.filter { index in
                atoms[index].fits(outcomes) && range.contains { mask[$0] & ~atomBits[index][$0] != 0 }
                    && range.contains { mask[$0] & atomBits[index][$0] != 0 }
            }
            return Combination(outcomes: outcomes, mask: mask, range: range, atoms: atoms)
        }
    }

    /// Terms that together hold exactly for the points where `isInSet` holds (given the
    /// index of a point as passed to ``init(points:limit:)``), the fewest bounds first, each
    /// one that `admits` (asked once per term considered, best first).
    func terms(where isInSet: (Int) -> Bool, admits: (Term) -> Bool = { _ in true }) -> [Term] {
        var region = [UInt64](repeating: 0, count: wordCount)
        for index in points.indices where isInSet(index) {
            let slot = position[index]
            region[slot >> 6] |= 1 << UInt64(slot & 63)
        }
        var uncovered = region
        var chosen: [(term: Term, bits: [UInt64])] = []
        var verdicts: [Term: Bool] = [:]
        let admitted = { (term: Term) -> Bool in
            if let known = verdicts[term] { return known }
            let verdict = admits(term)
            verdicts[term] = verdict
            return verdict
        }
        // Once no term of up to three bounds fits and is admitted, none will (the candidates
        // only shrink as points are covered): the rest are single scorelines.
        var fits = true
        var work = 0
        while let index = Self.firstSet(uncovered) {
            let best = fits ? bestTerm(region: region, uncovered: uncovered, work: &work, admits: admitted) : nil
            fits = best != nil
            let (term, bits) = best ?? pointTerm(index)
            for word in uncovered.indices { uncovered[word] &= ~bits[word] }
            chosen.append((term, bits))
        }
        // A term the others already cover says nothing more.
        var kept = chosen
        for candidate in chosen.reversed() {
            let others = kept.filter { $0.term != candidate.term }
            var union = [UInt64](repeating: 0, count: wordCount)
            for other in others { for word in union.indices { union[word] |= other.bits[word] } }
            if union == region { kept = others }
        }
        return kept.map(\.term).enumerated().sorted { ($0.element.atoms.count, $0.offset) < ($1.element.atoms.count, $1.offset) }
            .map(\.element)
    }

    /// The term of fewest bounds, then covering the most uncovered points, then the most
    /// points, then restricting the fewest matches' results, that holds only inside the region,
    /// covers an uncovered point and `admits`.
    private func bestTerm(
        region: [UInt64], uncovered: [UInt64], work: inout Int, admits: (Term) -> Bool
    ) -> (Term, [UInt64])? {
        for level in 0...3 {
            var candidates: [(combination: Int, pick: [Int], bits: [UInt64], score: (Int, Int, Int))] = []
            // Three bounds only where each match has one result, and within a budget: enough
            // for the conditions that need them, and a fraction of the work.
            for (number, combination) in combinations.enumerated()
            where level < 3 || combination.outcomes.allSatisfy({ $0.count == 1 }) {
                let restricted = combination.outcomes.filter { $0.count < 3 }.count
                var budget = level < 3 ? Int.max : Self.tripleBudget - work
                visitPicks(of: level, in: combination, inside: region, meeting: uncovered, budget: &budget) { pick, bits in
                    var fresh = 0
                    var total = 0
                    for word in combination.range {
                        fresh += (bits[word] & uncovered[word]).nonzeroBitCount
                        total += bits[word].nonzeroBitCount
                    }
                    candidates.append((number, pick, bits, (fresh, total, -restricted)))
                }
                if level == 3 { work = Self.tripleBudget - budget }
            }
            // Among equal scores, the first found.
            let ranked = candidates.indices.sorted { one, other in
                let (first, second) = (candidates[one].score, candidates[other].score)
                return first != second ? first > second : one < other
            }
            for index in ranked {
                let candidate = candidates[index]
                let term = Term(outcomes: combinations[candidate.combination].outcomes, atoms: candidate.pick.map { atoms[$0] })
                if admits(term) { return (term, candidate.bits) }
            }
        }
        return nil
    }

    /// The most atoms tried for terms of three bounds, over one call of ``terms(where:admits:)``.
    static let tripleBudget = 1_000_000

    /// Calls `visit` with every set of `level` of `combination`'s atoms that makes a sensible
    /// term, holds only inside `region` and for some point of `uncovered`, and with the points
    /// it holds for; trying at most `budget` atoms, less those tried.
    private func visitPicks(
        of level: Int, in combination: Combination, inside region: [UInt64], meeting uncovered: [UInt64],
        budget: inout Int, visit: ([Int], [UInt64]) -> Void
    ) {
        let range = combination.range
        func extend(_ pick: [Int], _ bits: [UInt64], from start: Int) {
            let isLast = pick.count + 1 == level
            for next in start..<combination.atoms.count {
                guard budget > 0 else { return }
                budget -= 1
                let atom = combination.atoms[next]
                guard !pick.contains(where: { Self.clash(atoms[$0], atoms[atom]) }) else { continue }
                var narrowed = bits
                var meets = false
                var inside = true
                for word in range {
                    narrowed[word] &= atomBits[atom][word]
                    if isLast && narrowed[word] & ~region[word] != 0 {
                        inside = false
                        break
                    }
                    meets = meets || narrowed[word] & uncovered[word] != 0
                }
                guard inside, meets else { continue }
                if isLast { visit(pick + [atom], narrowed) } else { extend(pick + [atom], narrowed, from: next + 1) }
            }
        }
        let mask = combination.mask
        guard range.contains(where: { mask[$0] & uncovered[$0] != 0 }) else { return }
        if level > 0 {
            extend([], mask, from: 0)
        } else if range.allSatisfy({ mask[$0] & ~region[$0] == 0 }) {
            visit([], mask)
        }
    }

    /// Whether two bounds cannot make a sensible pair: on one coordinate, the same relation
    /// twice or an exact value with another.
    private static func clash(_ one: Atom, _ other: Atom) -> Bool {
        one.coordinate == other.coordinate
            && (one.relation == other.relation || one.relation == .exactly || other.relation == .exactly)
    }

    /// The term of the point at `index` alone: its results and exact margins and goals.
    private func pointTerm(_ index: Int) -> (Term, [UInt64]) {
        let point = points[index]
        let atoms = point.indices.flatMap { match in
            [
                Atom(coordinate: .margin(match), relation: .exactly, value: point[match].margin),
                Atom(coordinate: .goals(match), relation: .exactly, value: point[match].goals),
            ]
        }
        let term = Term(outcomes: point.map { [$0.outcome] }, atoms: atoms)
        var bits = [UInt64](repeating: 0, count: wordCount)
        for (candidate, other) in points.enumerated() where other == point {
            bits[candidate >> 6] |= 1 << UInt64(candidate & 63)
        }
        return (term, bits)
    }

    /// The index of the first point in `bits`.
    private static func firstSet(_ bits: [UInt64]) -> Int? {
        bits.firstIndex { $0 != 0 }.map { $0 * 64 + bits[$0].trailingZeroBitCount }
    }

    /// The words from the first to the last that hold a point.
    private static func span(_ bits: [UInt64]) -> ClosedRange<Int>? {
        guard let first = bits.firstIndex(where: { $0 != 0 }), let last = bits.lastIndex(where: { $0 != 0 }) else {
            return nil
        }
        return first...last
    }
}

extension Array where Element: Hashable {
    /// Every non-empty subset of the elements, as sets.
    fileprivate var subsets: [Set<Element>] {
        (1..<(1 << count)).map { mask in Set(indices.filter { mask & (1 << $0) != 0 }.map { self[$0] }) }
    }
}
