/// The largest value of an affine function over a system's integer solutions.
extension IntegerSystem {
    /// The largest value of `form` over the integer solutions: `nil` when there is none,
    /// ``Bound/unbounded`` when the values grow without limit.
    ///
    /// Unbounded exactly when the system's cone of directions (each constraint's coefficients
    /// alone) holds a direction along which `form` grows: from any integer solution, an
    /// integer multiple of that direction stays a solution. Otherwise the largest value is
    /// found by doubling, then halving, the value asked for.
    func maximum(of form: AffineForm) -> Bound? {
        guard let start = solution() else { return nil }
        if form.isConstant { return .value(form.constant) }
        if isUnbounded(form) { return .unbounded }
        var reached = form.value(at: start)
        var step = 1
        // Double the step until `form` cannot reach `reached + step`…
        while let values = requiring(form, atLeast: reached + step).solution() {
            reached = form.value(at: values)
            step *= 2
        }
        // …then halve it: the answer is at least `reached` and below `reached + step`.
        while step > 1 {
            step /= 2
            if let values = requiring(form, atLeast: reached + step).solution() { reached = form.value(at: values) }
        }
        return .value(reached)
    }

    /// The smallest value of `form` over the integer solutions (see ``maximum(of:)``).
    func minimum(of form: AffineForm) -> Bound? {
        maximum(of: -form).map(\.negated)
    }

    /// The lexicographically largest values of `forms` over the integer solutions, or `nil`
    /// when there is none.
    ///
    /// The largest of the first form, then the largest of the second where the first has its
    /// largest, and so on. A form without bound has `Int.max`, and so have the forms after it.
    func lexicographicMaximum(of forms: [AffineForm]) -> [Int]? {
        var system = self
        var values: [Int] = []
        for form in forms {
            guard let bound = system.maximum(of: form) else { return nil }
            guard case .value(let value) = bound else {
                return values + Array(repeating: Int.max, count: forms.count - values.count)
            }
            values.append(value)
            system.requireZero(form - AffineForm(constant: value, variableCount: variableCount))
        }
        return values
    }

    /// The lexicographically smallest values of `forms` (see ``lexicographicMaximum(of:)``);
    /// `Int.min` for a form without bound and the forms after it.
    func lexicographicMinimum(of forms: [AffineForm]) -> [Int]? {
        lexicographicMaximum(of: forms.map { -$0 }).map { values in values.map { $0 == Int.max ? Int.min : -$0 } }
    }

    /// The system with `form` at least `minimum` besides.
    private func requiring(_ form: AffineForm, atLeast minimum: Int) -> IntegerSystem {
        var system = self
        system.require(form, atLeast: minimum)
        return system
    }

    /// Whether some direction of the system's cone makes `form` grow.
    private func isUnbounded(_ form: AffineForm) -> Bool {
        let homogeneous = { (form: AffineForm) in AffineForm(constant: 0, coefficients: form.coefficients) }
        var cone = IntegerSystem(variableCount: variableCount)
        cone.equalities = equalities.map(homogeneous)
        cone.inequalities = inequalities.map(homogeneous)
        cone.requirePositive(homogeneous(form))
        return cone.solution() != nil
    }

    /// A value an affine function reaches at most, or that it passes every value.
    enum Bound: Hashable {
        /// The largest (or smallest) value reached.
        case value(Int)
        /// Beyond every value: larger than any for a maximum (smaller for a minimum, see
        /// ``negated``).
        case unbounded

        /// The bound of the negated function: a maximum's for a minimum.
        var negated: Bound {
            switch self {
            case .value(let value): .value(-value)
            case .unbounded: .unbounded
            }
        }
    }
}
