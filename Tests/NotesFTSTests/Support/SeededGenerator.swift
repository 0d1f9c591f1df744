/// SplitMix64: a tiny seeded generator, the same sequence on every machine, for generated test corpora and
/// fuzz inputs.
struct SeededGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    /// `true` with the given probability in percent.
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
}
