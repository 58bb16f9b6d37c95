/// A random number generator that repeats itself for a seed (SplitMix64): the package's one
/// seeded generator, for tests, the stress suite and the benchmarks.
///
/// The standard library's generator cannot be seeded. This one's whole state is one 64-bit
/// word, so the same seed gives the same sequence on every platform and run, and a randomized
/// test, stress run or benchmark fixture replays exactly from the seed it reports. Nothing
/// else (time, addresses, hashing) may feed the choices made with it, or a seed would not
/// reproduce them.
///
/// ```swift
/// var generator = SeededGenerator(seed: 42)
/// let roll = Int.random(in: 1...6, using: &generator)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The state, advanced by a constant on every draw.
    private var state: UInt64

    /// A generator for `seed`; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// A generator for `seed` and the part of a run that `stream` names: each part draws from
    /// a stream of its own, so that changing how much one part draws leaves the others' draws
    /// alone.
    ///
    /// - Parameters:
    ///   - seed: The run's seed, as reported.
    ///   - stream: A constant per part of the run.
    public init(seed: UInt64, stream: UInt64) {
        state = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
