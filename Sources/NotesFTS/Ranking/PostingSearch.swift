import SQLiteKit

/// The exact top notes of a query over complete posting lists (``PostingList``): the tracked words' lists
/// from `topk_postings`, the rare words' from FTS5. Every note that can still enter the top is visited with
/// every word's weighted frequency known, so its match and its bm25 are exact arithmetic (``TopKScorer``);
/// the best are kept in a heap (``TopHits``). No per-note FTS5 read.
///
/// A query with words every match must hold (AND) is driven by the shortest such list, the others reached
/// by galloping search; otherwise (OR) the lists are merged. Notes are skipped only by safe bounds: each
/// word adds at most ``bounds``[i] (its idf times bm25's saturation at the largest `f` and smallest `D` of
/// its list), so a note whose known part plus the bounds of the words not yet read stays below the k-th
/// score cannot enter, and once the k-th score is above the summed bounds of some words, notes holding
/// only those are not visited at all (MaxScore). Ties are kept: only a bound strictly below the k-th score
/// (with a margin of 1e-12 relative for rounding) skips a note.
struct PostingSearch {
    let shape: TopKQuery
    /// Every token's postings, one list after the other (``ranges``).
    let postings: PostingList
    /// Where each token's postings are in ``postings``.
    let ranges: [Range<Int>]
    let scorer: TopKScorer
    /// The most each token adds to a note's score.
    let bounds: [Double]
    /// The token that drives the walk: the shortest of those every match must hold (`nil`: merge them all).
    let driver: Int?
    /// The query's match as clauses over token bit masks: a note matches when it holds a token of every
    /// clause (`nil`: too many clauses, the tree is evaluated instead).
    let clauses: [UInt64]?
    /// Notes scored in the last walk (every other visited note was skipped by a bound or did not match).
    var scored = 0

    init(shape: TopKQuery, postings: PostingList, ranges: [Range<Int>], scorer: TopKScorer) {
        self.shape = shape
        self.postings = postings
        self.ranges = ranges
        self.scorer = scorer
        bounds = ranges.indices.map { index in
            Self.bound(of: index, extremes: Self.extremes(postings, in: ranges[index]), scorer: scorer)
        }
        driver = Self.required(shape.root).min { ranges[$0].count < ranges[$1].count }
        clauses = Self.clauses(shape.root)
    }

    /// The most token `index` adds to the score of a note of a list whose largest frequency and smallest size
    /// are `extremes` (0 for an empty list): bm25's saturation rises with `f` and falls with `D`.
    static func bound(of index: Int, extremes: (frequency: Double, size: Int32)?, scorer: TopKScorer) -> Double {
        guard let (frequency, size) = extremes else { return 0 }
        return Double(scorer.multiplicity[index]) * scorer.idf[index]
            * BM25.saturation(frequency: frequency, size: Int(size), averageSize: scorer.averageSize)
    }

    /// The largest frequency and the smallest size of `postings` in `range` (`nil` when it is empty), what a
    /// token's bound is made of. One plain loop over each column: `max()` and `min()` over a slice of the
    /// buffers went through the generic sequence methods, 3.5% of `read OR book` at 100,000 notes. The
    /// frequencies go to four running maxima, one per lane of four: with one, each comparison waited on the
    /// one before (the compiler keeps a floating-point maximum in order, for its rules on NaN, which no
    /// frequency is).
    static func extremes(_ postings: PostingList, in range: Range<Int>) -> (frequency: Double, size: Int32)? {
        guard !range.isEmpty else { return nil }
        let frequency = postings.frequencies.withUnsafeBufferPointer { frequencies in
            let first = frequencies[range.lowerBound]
            var lanes = (first, first, first, first)
            var index = range.lowerBound
            while index + 4 <= range.upperBound {
                lanes.0 = Swift.max(lanes.0, frequencies[index])
                lanes.1 = Swift.max(lanes.1, frequencies[index + 1])
                lanes.2 = Swift.max(lanes.2, frequencies[index + 2])
                lanes.3 = Swift.max(lanes.3, frequencies[index + 3])
                index += 4
            }
            var largest = Swift.max(Swift.max(lanes.0, lanes.1), Swift.max(lanes.2, lanes.3))
            while index < range.upperBound {
                largest = Swift.max(largest, frequencies[index])
                index += 1
            }
            return largest
        }
        let size = postings.sizes.withUnsafeBufferPointer { sizes in
            var smallest = sizes[range.lowerBound]
            for index in range { smallest = Swift.min(smallest, sizes[index]) }
            return smallest
        }
        return (frequency, size)
    }

    /// The postings of all the query's words.
    var postingCount: Int { postings.count }

    /// The exact best `needed` notes passing the query's filters and exclusion, best first.
    mutating func top(_ needed: Int, _ db: Connection, query: ParsedQuery, options: SearchOptions) throws -> [TopKPlan.Hit] {
        try TopHits.bestPassing(needed, db, filter: SearchFilter(query: query, options: options),
                                exclusion: shape.exclusion) { best($0) }
    }

    /// Whether a note holding the tokens of `mask` matches the query.
    @inline(__always)
    func matches(_ mask: UInt64) -> Bool {
        guard let clauses else { return shape.matches({ mask & (1 << UInt64($0)) != 0 }) == true }
        for clause in clauses where mask & clause == 0 { return false }
        return true
    }

    /// The tokens every note matching `node` holds.
    static func required(_ node: TopKQuery.Node) -> Set<Int> {
        switch node {
        case .word(let index): return [index]
        case .all(let children): return children.reduce(into: Set<Int>()) { $0.formUnion(required($1)) }
        case .any(let children):
            guard let first = children.first else { return [] }
            return children.dropFirst().reduce(required(first)) { $0.intersection(required($1)) }
        }
    }

    /// `node` in conjunctive normal form, each clause the mask of its tokens; `nil` past 64 clauses.
    static func clauses(_ node: TopKQuery.Node) -> [UInt64]? {
        switch node {
        case .word(let index): return [1 << UInt64(index)]
        case .all(let children):
            var all: [UInt64] = []
            for child in children {
                guard let more = clauses(child) else { return nil }
                all += more
            }
            return all.count <= 64 ? all : nil
        case .any(let children):
            var product: [UInt64] = [0]
            for child in children {
                guard let more = clauses(child) else { return nil }
                product = product.flatMap { left in more.map { left | $0 } }
                if product.count > 64 { return nil }
            }
            return product
        }
    }

    /// The first position in `start..<end` whose id is at least `id`, else `end` (galloping, then binary search).
    @inline(__always)
    static func seek(_ ids: UnsafeBufferPointer<Int64>, from start: Int, to id: Int64, end: Int) -> Int {
        var low = start, high = start, step = 1
        while high < end && ids[high] < id {
            low = high + 1
            high += step
            step &*= 2
        }
        high = min(high, end)
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
