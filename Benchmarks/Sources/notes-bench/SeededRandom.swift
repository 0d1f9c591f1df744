/// A small, fast, seeded pseudo-random generator (SplitMix64): the same seed gives the same corpus everywhere.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator whose sequence depends only on `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A uniform integer in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// `true` with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }
}
