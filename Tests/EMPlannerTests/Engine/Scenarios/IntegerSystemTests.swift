import TestSupport
import Testing

@testable import EMPlanner

/// The Omega test against enumeration: whether integers satisfy a system, and that the values
/// it gives do.
@Suite("Engine: integer systems")
struct IntegerSystemTests {
    /// `coefficients · x + constant`.
    private func form(_ constant: Int, _ coefficients: Int...) -> AffineForm {
        AffineForm(constant: constant, coefficients: coefficients)
    }

    @Test("Parity: 2x = 1 has no integer solution, 2x + 4y = 6 has one")
    func parity() throws {
        var odd = IntegerSystem(variableCount: 2)
        odd.requireZero(form(-1, 2, 0))
        #expect(odd.solution() == nil)
        var even = IntegerSystem(variableCount: 2)
        even.requireZero(form(-6, 2, 4))
        let values = try #require(even.solution())
        #expect(2 * values[0] + 4 * values[1] == 6)
    }

    @Test("Pugh's example: rational solutions, no integer one, found only by the splinters")
    func pugh() {
        // 27 ≤ 11x + 13y ≤ 45 and -10 ≤ 7x - 9y ≤ 4.
        var system = IntegerSystem(variableCount: 2)
        system.require(form(0, 11, 13), atLeast: 27)
        system.require(form(0, -11, -13), atLeast: -45)
        system.require(form(0, 7, -9), atLeast: -10)
        system.require(form(0, -7, 9), atLeast: -4)
        #expect(system.solution() == nil)
        // Widened to -11 ≤ 7x - 9y: (1, 2) gives 37 and -11.
        system.inequalities[2] = form(11, 7, -9)
        #expect(system.solution().map { system.isSatisfied(by: $0) } == true)
    }

    @Test("Unbounded: a variable bounded on one side takes a value beyond the others")
    func unbounded() throws {
        var system = IntegerSystem(variableCount: 3)
        system.require(form(0, 1, -3, 0), atLeast: 100)
        system.require(form(0, 0, 1, 0), atLeast: 7)
        system.requirePositive(form(0, -1, 0, 2))
        let values = try #require(system.solution())
        #expect(system.isSatisfied(by: values))
    }

    @Test("Random systems agree with enumeration over a box", arguments: 0..<8)
    func random(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<250 {
            let variableCount = Int.random(in: 1...3, using: &generator)
            var system = Self.box(variableCount: variableCount)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let random = AffineForm(
                    constant: Int.random(in: -12...12, using: &generator),
                    coefficients: (0..<variableCount).map { _ in Int.random(in: -4...4, using: &generator) })
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    system.requireZero(random)
                } else {
                    system.require(random, atLeast: 0)
                }
            }
            let values = system.solution()
            if let values { #expect(system.isSatisfied(by: values), "\(system)") }
            let enumerated = Self.points(variableCount: variableCount, in: -5...5).contains { system.isSatisfied(by: $0) }
            #expect((values != nil) == enumerated, "\(system)")
        }
    }

    @Test("Maxima and minima agree with enumeration over a box", arguments: 0..<4)
    func extremes(seed: UInt64) {
        var generator = SeededGenerator(seed: seed + 100)
        for _ in 0..<200 {
            let variableCount = Int.random(in: 1...3, using: &generator)
            var system = Self.box(variableCount: variableCount)
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                system.require(
                    AffineForm(
                        constant: Int.random(in: -8...12, using: &generator),
                        coefficients: (0..<variableCount).map { _ in Int.random(in: -4...4, using: &generator) }),
                    atLeast: 0)
            }
            let objective = AffineForm(
                constant: Int.random(in: -3...3, using: &generator),
                coefficients: (0..<variableCount).map { _ in Int.random(in: -5...5, using: &generator) })
            let values = Self.points(variableCount: variableCount, in: -5...5).filter { system.isSatisfied(by: $0) }
                .map { objective.value(at: $0) }
            #expect(system.maximum(of: objective) == values.max().map { .value($0) }, "\(system) max \(objective)")
            #expect(system.minimum(of: objective) == values.min().map { .value($0) }, "\(system) min \(objective)")
        }
    }

    @Test("A goal count with no upper bound has no maximum; lexicographic extremes fix one form after another")
    func unboundedAndLexicographic() {
        // x ≥ 0, y ≥ 0, x - y ≤ 2 (a margin of at most two, goals without limit).
        var system = IntegerSystem(variableCount: 2)
        system.require(form(0, 1, 0), atLeast: 0)
        system.require(form(0, 0, 1), atLeast: 0)
        system.require(form(2, -1, 1), atLeast: 0)
        #expect(system.maximum(of: form(0, 1, -1)) == .value(2))
        #expect(system.maximum(of: form(0, 1, 0)) == .unbounded)
        #expect(system.minimum(of: form(0, 1, -1)) == .unbounded)
        #expect(system.minimum(of: form(0, 1, 1)) == .value(0))
        #expect(system.lexicographicMaximum(of: [form(0, 1, -1), form(0, 1, 0)]) == [2, Int.max])
        #expect(system.lexicographicMinimum(of: [form(0, 1, 1), form(0, 1, -1)]) == [0, 0])
        #expect(system.lexicographicMinimum(of: [form(0, 1, -1), form(0, 0, 1)]) == [Int.min, Int.min])
        system.require(form(0, -1, 0), atLeast: 1)
        #expect(system.maximum(of: form(0, 1, 0)) == nil)
    }

    /// A system of every point with coordinates from -5 to 5, so that enumeration can answer.
    private static func box(variableCount: Int) -> IntegerSystem {
        var system = IntegerSystem(variableCount: variableCount)
        for variable in 0..<variableCount {
            var unit = AffineForm(variableCount: variableCount)
            unit.coefficients[variable] = 1
            system.require(unit, atLeast: -5)
            system.require(-unit, atLeast: -5)
        }
        return system
    }

    /// Every point with coordinates in `range`.
    private static func points(variableCount: Int, in range: ClosedRange<Int>) -> [[Int]] {
        (0..<variableCount).reduce([[]]) { points, _ in points.flatMap { point in range.map { point + [$0] } } }
    }
}

extension IntegerSystem {
    /// Whether `values` satisfy every constraint.
    fileprivate func isSatisfied(by values: [Int]) -> Bool {
        equalities.allSatisfy { $0.value(at: values) == 0 } && inequalities.allSatisfy { $0.value(at: values) >= 0 }
    }
}
