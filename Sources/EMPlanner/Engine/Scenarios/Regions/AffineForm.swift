/// An affine function of integer variables: a constant plus a coefficient per variable.
///
/// A team's goals over a set of matches, some of them open, is one: the played matches add to
/// the constant, each open match's goal count is a variable.
struct AffineForm: Hashable {
    /// The value where every variable is 0.
    var constant: Int
    /// The coefficient of each variable, by index.
    var coefficients: [Int]

    /// A constant function of `variableCount` variables.
    init(constant: Int = 0, variableCount: Int) {
        self.constant = constant
        coefficients = Array(repeating: 0, count: variableCount)
    }

    /// A function with these coefficients.
    init(constant: Int, coefficients: [Int]) {
        self.constant = constant
        self.coefficients = coefficients
    }

    /// Whether no variable has a coefficient.
    var isConstant: Bool { coefficients.allSatisfy { $0 == 0 } }

    /// The value at `values`, one per variable.
    func value(at values: [Int]) -> Int {
        zip(coefficients, values).reduce(constant) { $0 + $1.0 * $1.1 }
    }

    /// The function with `variable` replaced by `replacement`.
    func substituting(_ variable: Int, with replacement: AffineForm) -> AffineForm {
        let factor = coefficients[variable]
        guard factor != 0 else { return self }
        var result = self
        result.coefficients[variable] = 0
        result.constant += factor * replacement.constant
        for index in result.coefficients.indices {
            result.coefficients[index] += factor * replacement.coefficients[index]
        }
        return result
    }

    static func + (left: AffineForm, right: AffineForm) -> AffineForm {
        AffineForm(
            constant: left.constant + right.constant, coefficients: zip(left.coefficients, right.coefficients).map(+))
    }

    static func - (left: AffineForm, right: AffineForm) -> AffineForm {
        left + -right
    }

    static prefix func - (form: AffineForm) -> AffineForm {
        AffineForm(constant: -form.constant, coefficients: form.coefficients.map { -$0 })
    }

    static func * (factor: Int, form: AffineForm) -> AffineForm {
        AffineForm(constant: factor * form.constant, coefficients: form.coefficients.map { factor * $0 })
    }
}
