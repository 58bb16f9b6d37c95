/// A random number generator that repeats itself for a seed (SplitMix64), so that a run of the
/// suite can be repeated exactly with `--seed`.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The state, advanced by a constant on every draw.
    private var state: UInt64

    /// A generator for `seed`, and for the part of the suite `stream` names: each phase draws
    /// from a stream of its own, so that changing one phase's counts leaves the others' draws alone.
    ///
    /// - Parameters:
    ///   - seed: The run's seed, as printed.
    ///   - stream: A constant per phase.
    init(seed: UInt64, stream: UInt64) {
        state = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
