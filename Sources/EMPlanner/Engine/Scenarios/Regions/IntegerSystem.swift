/// Linear equalities and inequalities over integer variables, and integer values satisfying
/// them all, if any: the Omega test (William Pugh, "The Omega test: a fast and practical
/// integer programming algorithm for dependence analysis", 1991).
///
/// Equalities are solved for a variable with coefficient ±1, after unimodular changes of
/// variables shrink the coefficients. Inequalities are projected a variable at a time
/// (Fourier–Motzkin); where that variable has coefficients other than ±1 on both sides, the
/// projection keeps integer points only in its "dark shadow", and the solutions outside it lie
/// on a few planes tried one by one. The answer is exact: no bound on the values.
struct IntegerSystem {
    /// How many variables the forms take.
    var variableCount: Int
    /// Forms that must equal 0.
    var equalities: [AffineForm] = []
    /// Forms that must be at least 0.
    var inequalities: [AffineForm] = []

    /// A system of `variableCount` variables and no constraint yet.
    init(variableCount: Int) {
        self.variableCount = variableCount
    }

    /// Requires `form` to be at least 1: an integer above 0.
    mutating func requirePositive(_ form: AffineForm) {
        inequalities.append(AffineForm(constant: form.constant - 1, coefficients: form.coefficients))
    }

    /// Requires `form` to be at least `minimum`.
    mutating func require(_ form: AffineForm, atLeast minimum: Int) {
        inequalities.append(AffineForm(constant: form.constant - minimum, coefficients: form.coefficients))
    }

    /// Requires `form` to be 0.
    mutating func requireZero(_ form: AffineForm) {
        equalities.append(form)
    }

    /// Requires `form`'s sign to be `sign` (-1, 0 or 1).
    mutating func require(_ form: AffineForm, sign: Int) {
        switch sign {
        case 0: requireZero(form)
        case 1...: requirePositive(form)
        default: requirePositive(-form)
        }
    }

    /// Values of the variables satisfying every constraint, or `nil` where no integers do.
    ///
    /// The same system always gives the same values.
    func solution() -> [Int]? {
        Self.solve(equalities, inequalities, variableCount: variableCount)
    }

    private static func solve(_ equalities: [AffineForm], _ inequalities: [AffineForm], variableCount: Int) -> [Int]? {
        guard let (normalizedEqualities, inequalities) = normalized(equalities, inequalities),
            let implied = impliedEqualities(inequalities)
        else { return nil }
        let equalities = normalizedEqualities + implied
        if let equality = equalities.first {
            return solve(equality, otherEqualities: Array(equalities.dropFirst()), inequalities, variableCount: variableCount)
        }
        return project(inequalities, variableCount: variableCount)
    }

    /// Each constraint divided by the greatest common divisor of its coefficients (an
    /// inequality's constant rounded down), constant ones checked and dropped, and of the
    /// inequalities with the same coefficients the tightest; `nil` where a constant one fails.
    private static func normalized(
        _ equalities: [AffineForm], _ inequalities: [AffineForm]
    ) -> (equalities: [AffineForm], inequalities: [AffineForm])? {
        var normalizedEqualities: [AffineForm] = []
        for equality in equalities {
            let divisor = greatestCommonDivisor(equality.coefficients)
            if divisor == 0 {
                guard equality.constant == 0 else { return nil }
                continue
            }
            guard equality.constant % divisor == 0 else { return nil }
            normalizedEqualities.append(
                AffineForm(constant: equality.constant / divisor, coefficients: equality.coefficients.map { $0 / divisor }))
        }
        var tightest: [[Int]: Int] = [:]
        var order: [[Int]] = []
        for inequality in inequalities {
            let divisor = greatestCommonDivisor(inequality.coefficients)
            if divisor == 0 {
                guard inequality.constant >= 0 else { return nil }
                continue
            }
            let coefficients = inequality.coefficients.map { $0 / divisor }
            let constant = floorDivide(inequality.constant, divisor)
            if let known = tightest[coefficients] {
                tightest[coefficients] = min(known, constant)
            } else {
                tightest[coefficients] = constant
                order.append(coefficients)
            }
        }
        return (normalizedEqualities, order.map { AffineForm(constant: tightest[$0]!, coefficients: $0) })
    }

    /// The equalities that pairs of opposite inequalities leave (`f ≥ 0` and `-f ≥ 0`);
    /// `nil` where a pair contradicts itself.
    private static func impliedEqualities(_ inequalities: [AffineForm]) -> [AffineForm]? {
        var implied: [AffineForm] = []
        for (index, one) in inequalities.enumerated() {
            for other in inequalities[(index + 1)...] where zip(one.coefficients, other.coefficients).allSatisfy({ $0 == -$1 }) {
                let slack = one.constant + other.constant
                if slack < 0 { return nil }
                if slack == 0 { implied.append(one) }
            }
        }
        return implied
    }

    /// Solves `equality` for a variable, or changes variables until one has coefficient ±1.
    private static func solve(
        _ equality: AffineForm, otherEqualities: [AffineForm], _ inequalities: [AffineForm], variableCount: Int
    ) -> [Int]? {
        let variable = equality.coefficients.indices.filter { equality.coefficients[$0] != 0 }
            .min { abs(equality.coefficients[$0]) < abs(equality.coefficients[$1]) }!
        let coefficient = equality.coefficients[variable]
        if abs(coefficient) == 1 {
            // x = -coefficient × (the rest), since coefficient × coefficient = 1.
            var rest = equality
            rest.coefficients[variable] = 0
            let replacement = -coefficient * rest
            let substitute = { (form: AffineForm) in form.substituting(variable, with: replacement) }
            guard
                var values = solve(
                    otherEqualities.map(substitute), inequalities.map(substitute), variableCount: variableCount)
            else { return nil }
            values[variable] = replacement.value(at: values)
            return values
        }
        // x = y - Σ q_i x_i, with q_i the quotient of each other coefficient by x's: the
        // equality's other coefficients become remainders, smaller than x's.
        let quotients = equality.coefficients.indices.map { index in
            index == variable ? 0 : floorDivide(equality.coefficients[index], coefficient)
        }
        let change = { (form: AffineForm) -> AffineForm in
            var changed = form
            for index in changed.coefficients.indices where quotients[index] != 0 {
                changed.coefficients[index] -= quotients[index] * form.coefficients[variable]
            }
            return changed
        }
        guard
            var values = solve(
                ([equality] + otherEqualities).map(change), inequalities.map(change), variableCount: variableCount)
        else { return nil }
        values[variable] -= zip(quotients, values).reduce(0) { $0 + $1.0 * $1.1 }
        return values
    }

    /// Eliminates one variable of inequalities alone, then gives it a value within its bounds.
    private static func project(_ inequalities: [AffineForm], variableCount: Int) -> [Int]? {
        guard !inequalities.isEmpty else { return Array(repeating: 0, count: variableCount) }
        let bounds = (0..<variableCount).map { variable in
            (
                lower: inequalities.filter { $0.coefficients[variable] > 0 },
                upper: inequalities.filter { $0.coefficients[variable] < 0 }
            )
        }
        // A variable bounded on one side only takes a value beyond every other constraint.
        if let variable = bounds.indices.first(where: {
            bounds[$0].lower.isEmpty != bounds[$0].upper.isEmpty
        }) {
            guard var values = solve([], inequalities.filter { $0.coefficients[variable] == 0 }, variableCount: variableCount)
            else { return nil }
            return value(of: variable, in: inequalities, given: &values) ? values : nil
        }
        let isExact = { (variable: Int) in
            bounds[variable].lower.allSatisfy { $0.coefficients[variable] == 1 }
                || bounds[variable].upper.allSatisfy { $0.coefficients[variable] == -1 }
        }
        let candidates = bounds.indices.filter { !bounds[$0].lower.isEmpty }
        let variable = candidates.min { one, other in
            (isExact(one) ? 0 : 1, bounds[one].lower.count * bounds[one].upper.count)
                < (isExact(other) ? 0 : 1, bounds[other].lower.count * bounds[other].upper.count)
        }!
        let (lower, upper) = bounds[variable]
        let unaffected = inequalities.filter { $0.coefficients[variable] == 0 }
        var realShadow = unaffected
        var darkShadow = unaffected
        for low in lower {
            for high in upper {
                let a = low.coefficients[variable]
                let b = -high.coefficients[variable]
                let combined: AffineForm = (b * low) + (a * high)
                realShadow.append(combined)
                darkShadow.append(
                    AffineForm(constant: combined.constant - (a - 1) * (b - 1), coefficients: combined.coefficients))
            }
        }
        if isExact(variable) {
            guard var values = solve([], realShadow, variableCount: variableCount) else { return nil }
            return value(of: variable, in: inequalities, given: &values) ? values : nil
        }
        guard solve([], realShadow, variableCount: variableCount) != nil else { return nil }
        if var values = solve([], darkShadow, variableCount: variableCount) {
            return value(of: variable, in: inequalities, given: &values) ? values : nil
        }
        // Outside the dark shadow, an integer solution lies close above some lower bound.
        let largestUpper = upper.map { -$0.coefficients[variable] }.max()!
        for low in lower {
            let a = low.coefficients[variable]
            for offset in 0..<(a * largestUpper) {
                let plane = AffineForm(constant: low.constant - offset, coefficients: low.coefficients)
                if let values = solve([plane], inequalities, variableCount: variableCount) { return values }
            }
        }
        return nil
    }

    /// Sets `variable` in `values` to the least integer its constraints allow given the other
    /// values (the greatest where it has no lower bound); `false` where none does.
    private static func value(of variable: Int, in inequalities: [AffineForm], given values: inout [Int]) -> Bool {
        values[variable] = 0
        var least: Int?
        var greatest: Int?
        for inequality in inequalities {
            let coefficient = inequality.coefficients[variable]
            guard coefficient != 0 else { continue }
            let rest = inequality.value(at: values)
            if coefficient > 0 {
                let bound = -floorDivide(rest, coefficient)  // ceil(-rest / coefficient)
                least = max(least ?? bound, bound)
            } else {
                let bound = floorDivide(rest, -coefficient)
                greatest = min(greatest ?? bound, bound)
            }
        }
        if let least, let greatest, least > greatest {
            assertionFailure("no integer between the bounds the projection promised")
            return false
        }
        values[variable] = least ?? greatest ?? 0
        return true
    }

    private static func greatestCommonDivisor(_ values: [Int]) -> Int {
        values.reduce(0) { divisor, value in
            var (a, b) = (divisor, abs(value))
            while b != 0 { (a, b) = (b, a % b) }
            return a
        }
    }

    /// `dividend / divisor` rounded down.
    private static func floorDivide(_ dividend: Int, _ divisor: Int) -> Int {
        let quotient = dividend / divisor
        return (dividend % divisor != 0 && (dividend < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
