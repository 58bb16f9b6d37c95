/// A number of things in plain words: `no unsaved changes`, `1 unsaved change`,
/// `2 unsaved changes`.
struct Count: CustomStringConvertible {
    /// How many.
    let number: Int
    /// What, in the singular; the plural adds `s`.
    let noun: String

    /// `number` of `noun`.
    init(_ number: Int, _ noun: String) {
        self.number = number
        self.noun = noun
    }

    /// The words.
    var description: String {
        switch number {
        case 0: "no \(noun)s"
        case 1: "1 \(noun)"
        default: "\(number) \(noun)s"
        }
    }
}
