/// A number of things in plain words: `no unsaved changes`, `1 unsaved change`,
/// `2 unsaved changes`, `31 matches`.
struct Count: CustomStringConvertible {
    /// How many.
    let number: Int
    /// What, in the singular.
    let noun: String
    /// What, in the plural.
    let plural: String

    /// `number` of `noun`, whose plural adds `s` unless given (`match`, `matches`).
    init(_ number: Int, _ noun: String, _ plural: String? = nil) {
        self.number = number
        self.noun = noun
        self.plural = plural ?? noun + "s"
    }

    /// The words.
    var description: String {
        switch number {
        case 0: "no \(plural)"
        case 1: "1 \(noun)"
        default: "\(number) \(plural)"
        }
    }
}
