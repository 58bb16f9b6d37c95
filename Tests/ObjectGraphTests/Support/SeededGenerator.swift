/// A random number generator whose whole state is one 64-bit word (SplitMix64), so that a
/// randomized test replays exactly from the seed it reports.
///
/// The same seed gives the same sequence on every platform and run; nothing else (time,
/// addresses, hashing) may feed the choices a test makes, or a reported seed would not
/// reproduce its failure.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// A uniformly chosen element.
    ///
    /// - Precondition: `elements` is not empty.
    mutating func pick<C: Collection>(_ elements: C) -> C.Element {
        precondition(!elements.isEmpty, "nothing to pick from")
        return elements[elements.index(elements.startIndex, offsetBy: int(in: 0...(elements.count - 1)))]
    }

    /// An integer in `range`, uniformly.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    /// Up to `count` distinct elements, in their original order.
    mutating func some<T>(of elements: [T], upTo count: Int) -> [T] {
        guard !elements.isEmpty else { return [] }
        var chosen = Set<Int>()
        for _ in 0..<int(in: 0...count) { chosen.insert(int(in: 0...(elements.count - 1))) }
        return chosen.sorted().map { elements[$0] }
    }
}
