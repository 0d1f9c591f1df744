import Testing
@testable import NotesFTS

/// ``UpperTier``: the split keeps about the share asked for, the notes with the highest saturation, and its cut
/// covers every other note; the replay's rule keeps it consistent; a tier that is not is told apart.
struct UpperTierTests {
    @Test(arguments: [0.0, 0.2, 0.5, 1.0])
    func splitKeepsTheBestShareAndCoversTheRest(share: Double) {
        var random = SeededGenerator(state: 20_261_202)
        for round in 0..<40 {
            let list = Self.randomList(&random, count: [0, 1, 7, 300, 5_000][round % 5])
            let averageSize = Double(random.next() % 400 + 20)
            let tier = UpperTier(splitting: list, share: share, averageSize: averageSize)
            #expect(tier.isConsistent(with: list), "round \(round)")
            let kept = Set(tier.postings.ids)
            // Every note kept scores at least as much as every note left to the cut.
            let impact = { (index: Int) in
                BM25.saturation(frequency: list.frequencies[index], size: Int(list.sizes[index]), averageSize: averageSize)
            }
            let keptLeast = list.ids.indices.filter { kept.contains(list.ids[$0]) }.map(impact).min() ?? .infinity
            let leftMost = list.ids.indices.filter { !kept.contains(list.ids[$0]) }.map(impact).max() ?? -.infinity
            #expect(leftMost <= keptLeast, "round \(round)")
            if share >= 1 { #expect(tier.postings == list) }
            if list.count >= 300 && share > 0 && share < 1 {
                // About the share (from a sample, and ties at the quantile all stay).
                #expect(Double(kept.count) >= share * Double(list.count) * 0.7, "round \(round): \(kept.count) of \(list.count)")
                #expect(Double(kept.count) <= share * Double(list.count) * 2.5 + 20, "round \(round): \(kept.count) of \(list.count)")
            }
        }
    }

    /// Notes coming in by the replay's rule (``UpperTier/change(frequency:size:)``), and going out, keep the
    /// tier consistent with the complete list.
    @Test func theReplaysRuleKeepsItConsistent() {
        var random = SeededGenerator(state: 7)
        var complete = Self.randomList(&random, count: 2_000)
        var tier = UpperTier(splitting: complete, share: 0.2, averageSize: 120)
        for round in 0..<30 {
            var changes: [Int64: PostingChange] = [:]
            var upper: [Int64: PostingChange] = [:]
            for _ in 0..<50 {
                let note = Int64(random.next() % 120_000 + 1)
                if random.chance(3) {
                    changes[note] = .remove
                    upper[note] = .remove
                } else {
                    let frequency = Double(random.next() % 40 + 1), size = Int(random.next() % 900 + 1)
                    changes[note] = .put(frequency: frequency, size: size)
                    upper[note] = tier.change(frequency: frequency, size: size)
                }
            }
            complete = complete.applying(ArraySlice(changes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
            tier.postings = tier.postings.applying(ArraySlice(upper.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
            #expect(tier.isConsistent(with: complete), "round \(round)")
        }
    }

    @Test func anInconsistentTierIsToldApart() {
        var complete = PostingList()
        for id in 1...50 { complete.append(id: Int64(id), frequency: Double(id % 7 + 1), size: 100 + id) }
        let tier = UpperTier(splitting: complete, share: 0.2, averageSize: 120)
        #expect(tier.isConsistent(with: complete))
        // A tier note with another frequency, a tier note the complete list lacks, a note neither kept nor covered.
        var wrongFrequency = tier
        wrongFrequency.postings = PostingList()
        for index in 0..<tier.postings.count {
            wrongFrequency.postings.append(id: tier.postings.ids[index], frequency: tier.postings.frequencies[index] + (index == 0 ? 1 : 0),
                                           size: Int(tier.postings.sizes[index]))
        }
        #expect(!wrongFrequency.isConsistent(with: complete))
        var extra = complete
        extra.append(id: 1_000, frequency: 1, size: 10_000)
        var stray = tier
        stray.postings.append(id: 2_000, frequency: 1, size: 10)
        #expect(!stray.isConsistent(with: complete))
        var uncovered = complete
        uncovered.append(id: 3_000, frequency: 500, size: 1)
        #expect(!tier.isConsistent(with: uncovered))
        #expect(tier.isConsistent(with: extra), "a note the cut covers may be outside the tier")
    }

    /// A cut read back is the cut written; bytes of the wrong length, or a frequency that is not a finite
    /// number of at least 0 (a hand-written or damaged row), do not decode, so no bound is computed from them
    /// (the route falls back, and the replay treats the cut as covering nothing).
    @Test func aCutDecodesOnlyFromWellFormedBytes() {
        var cut = ImpactFrontier()
        cut.insert(frequency: 3, size: 40)
        cut.insert(frequency: 11, size: 200)
        #expect(ImpactFrontier(encoded: cut.encoded) == cut)
        #expect(ImpactFrontier(encoded: Array(cut.encoded.dropLast())) == nil)
        for bad in [Double.nan, .infinity, -.infinity, -1] {
            var bytes = cut.encoded
            withUnsafeBytes(of: bad.bitPattern.littleEndian) { bytes.replaceSubrange(0..<8, with: $0) }
            #expect(ImpactFrontier(encoded: bytes) == nil, "\(bad)")
        }
    }

    private static func randomList(_ random: inout SeededGenerator, count: Int) -> PostingList {
        var list = PostingList()
        var id: Int64 = 0
        for _ in 0..<count {
            id += Int64(random.next() % 50) + 1
            let frequency = Double(random.next() % (random.chance(20) ? 40 : 4) + 1)
            list.append(id: id, frequency: frequency, size: Int(random.next() % (random.chance(10) ? 3_000 : 400) + 1))
        }
        return list
    }
}
