/// A tracked term's upper tier: the notes of its posting list with the highest bm25 saturation when the tables
/// were built (about ``RankingSettings/upperShare`` of them), kept as a posting list of their own in
/// `topk_upper`, and the **cut**: the ``ImpactFrontier`` of the `(f, D)` of every other note of the term.
///
/// Why: bm25 saturates, so in a query of several common words most notes holding them all score close to the
/// best, and walking every such note costs what decoding the complete lists costs. A note outside a word's
/// upper tier scores at most the cut's bound for that word, whatever `N` and `avgdl` become (as the frontier
/// of the impact head, ``ImpactFrontier``). When the k-th best note holding every word in its upper tier
/// scores more than any note outside that intersection can (``TopKPlan``'s upper-tier route), those notes are
/// the answer, from a fifth of the postings.
///
/// The log replay keeps it: a note coming in goes to the upper tier unless the cut covers its `(f, D)`; a note
/// going out leaves it. So every note of the complete list is in the upper tier with the same `f` and `D`, or
/// covered by the cut (``isConsistent(with:)``).
struct UpperTier: Equatable {
    /// The notes of the upper tier, in id order.
    var postings = PostingList()
    /// Covers the `(f, D)` of every note of the term outside ``postings``.
    var cut = ImpactFrontier()

    init() {}

    /// Splits `list`: the notes whose saturation at `averageSize` is at least the `1 − share` quantile (from
    /// an evenly spaced sample of 2,048 to 4,095 notes, or all of a shorter list, so the share is approximate;
    /// only the cut's covering matters for exactness) go to the tier, the others to the cut. `share` ≥ 1 keeps every note.
    init(splitting list: PostingList, share: Double, averageSize: Double) {
        let count = list.count
        guard count > 0 else { return }
        guard share < 1 else {
            postings = list
            return
        }
        let impact = { (index: Int) in
            BM25.saturation(frequency: list.frequencies[index], size: Int(list.sizes[index]), averageSize: averageSize)
        }
        let step = max(count / 2_048, 1)
        let sample = stride(from: 0, to: count, by: step).map(impact).sorted(by: >)
        let least = sample[min(max(Int(Double(sample.count) * share), 0), sample.count - 1)]
        postings.reserve(Int(Double(count) * share * 1.25) + 1)
        for index in 0..<count {
            let frequency = list.frequencies[index], size = Int(list.sizes[index])
            if impact(index) >= least {
                postings.append(id: list.ids[index], frequency: frequency, size: size)
            } else {
                cut.insert(frequency: frequency, size: size)
            }
        }
    }

    /// Whether this tier is what the replay must keep for `complete`: every posting of the tier is in
    /// `complete` with the same `f` and `D`, and every note of `complete` outside the tier is covered by the cut.
    func isConsistent(with complete: PostingList) -> Bool {
        var tier = 0
        for index in 0..<complete.count {
            let id = complete.ids[index], frequency = complete.frequencies[index], size = Int(complete.sizes[index])
            if tier < postings.count && postings.ids[tier] == id {
                guard postings.frequencies[tier] == frequency, Int(postings.sizes[tier]) == size else { return false }
                tier += 1
            } else if tier < postings.count && postings.ids[tier] < id {
                return false
            } else if !cut.covers(frequency: frequency, size: size) {
                return false
            }
        }
        return tier == postings.count
    }

    /// What a note of the term with weighted frequency `frequency` and `size` tokens does to the tier as it
    /// comes in (the replay): it joins it unless the cut covers it, and leaves it (if there) otherwise.
    func change(frequency: Double, size: Int) -> PostingChange {
        Self.change(under: cut, frequency: frequency, size: size)
    }

    /// The same rule for a tier known only by its cut (the replay reads the cuts, not the tiers).
    static func change(under cut: ImpactFrontier, frequency: Double, size: Int) -> PostingChange {
        cut.covers(frequency: frequency, size: size) ? .remove : .put(frequency: frequency, size: size)
    }
}
