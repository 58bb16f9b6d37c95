@_exported import SeededRandom

/// The choices randomized tests make with the package's one seeded generator.
extension SeededGenerator {
    /// A uniformly chosen element.
    ///
    /// - Precondition: `elements` is not empty.
    public mutating func pick<C: Collection>(_ elements: C) -> C.Element {
        precondition(!elements.isEmpty, "nothing to pick from")
        return elements[elements.index(elements.startIndex, offsetBy: int(in: 0...(elements.count - 1)))]
    }

    /// An integer in `range`, uniformly.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// `true` with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    /// Up to `count` distinct elements, in their original order.
    public mutating func some<T>(of elements: [T], upTo count: Int) -> [T] {
        guard !elements.isEmpty else { return [] }
        var chosen = Set<Int>()
        for _ in 0..<int(in: 0...count) { chosen.insert(int(in: 0...(elements.count - 1))) }
        return chosen.sorted().map { elements[$0] }
    }
}
