import Testing
@testable import NotesFTS

/// ``DriverSkip``'s division-free test agrees with the quotient it replaces: it never skips a posting the
/// quotient form would keep (safety), and skips every posting clearly below (it still prunes).
@Suite struct DriverSkipTests {
    @Test func skipsOnlyWhatTheQuotientSkipsAndAllThatIsClearlyBelow() {
        var random = SeededGenerator(state: 20_261_203)
        func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * Double(random.next() % 1_000_000) / 1_000_000 }
        var skipped = 0
        for round in 0..<200_000 {
            let averageSize = uniform(5, 3_000)
            let weight = round % 50 == 0 ? 1e-6 : uniform(0.01, 12)
            let rest = round % 7 == 0 ? 0 : uniform(0, 30)
            let f = Double(1 + random.next() % 60), size = Int(random.next() % 20_000)
            let part = weight * BM25.saturation(frequency: f, size: size, averageSize: averageSize)
            // Thresholds near the note's own score, where rounding matters, and far from it.
            let threshold = (part + rest) * (round % 3 == 0 ? uniform(0.999_999, 1.000_001) : uniform(0.5, 2))
            let skip = DriverSkip(weight: weight, rest: rest, averageSize: averageSize)
            let below = skip.isBelow(frequency: f, size: size, limit: skip.limit(threshold))
            if below {
                skipped += 1
                #expect((part + rest) * (1 + 1e-12) < threshold, "round \(round)")
            }
            if (part + rest) * (1 + 1e-9) < threshold { #expect(below, "round \(round) not skipped") }
        }
        #expect(skipped > 50_000)
    }
}
