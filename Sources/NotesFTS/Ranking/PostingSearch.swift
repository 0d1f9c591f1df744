import SQLiteKit

/// The exact top notes of a query over complete posting lists (``PostingList``): the tracked words' lists
/// from `topk_postings`, the rare words' from FTS5. Every note holding a word of the query is visited in id
/// order with every word's weighted frequency known, so its match and its bm25 are exact arithmetic
/// (``TopKScorer``); the best are kept in a heap. No bound, no per-note FTS5 read.
///
/// A query with words every match must hold (AND) is driven by the shortest such list, the others reached
/// by galloping search; otherwise (OR) the lists are merged.
struct PostingSearch {
    let shape: TopKQuery
    let lists: [PostingList]
    let scorer: TopKScorer
    /// The list that drives the walk: the shortest of those every match must hold (`nil`: merge them all).
    private let driver: Int?
    /// The query's match as clauses over token bit masks: a note matches when it holds a token of every
    /// clause (`nil`: too many clauses, the tree is evaluated instead).
    private let clauses: [UInt64]?
    /// Notes scored (matching the query, before the filters).
    private(set) var scored = 0

    init(shape: TopKQuery, lists: [PostingList], scorer: TopKScorer) {
        self.shape = shape
        self.lists = lists
        self.scorer = scorer
        let required = Self.required(shape.root)
        driver = required.min { lists[$0].count < lists[$1].count }
        clauses = Self.clauses(shape.root)
    }

    /// The postings walked: the sum of the lists' lengths.
    var postings: Int { lists.reduce(0) { $0 + $1.count } }

    /// The exact best `needed` notes passing the query's filters and exclusion, best first.
    mutating func top(_ needed: Int, _ db: Connection, query: ParsedQuery, options: SearchOptions) throws -> [TopKPlan.Hit] {
        let filter = SearchFilter(query: query, options: options)
        if filter.isEmpty && shape.exclusion == nil { return best(needed).sorted }
        // The best `capacity` matches, then the filters over them; if too few pass and there were more
        // matches, again with a larger capacity. A passing note outside the best `capacity` ranks below all
        // of them, so the first `needed` that pass are the answer.
        var capacity = max(needed * 4, 64)
        while true {
            let hits = best(capacity)
            let sorted = hits.sorted
            let passing = Set(try TopKSearch.passing(sorted.map(\.id), db, shape: shape, filter: filter))
            let kept = sorted.filter { passing.contains($0.id) }
            if kept.count >= needed || hits.offered <= capacity { return Array(kept.prefix(needed)) }
            capacity *= 8
        }
    }

    /// Scores every matching note, keeping the best `capacity`.
    mutating func best(_ capacity: Int) -> TopHits {
        var hits = TopHits(capacity: capacity)
        scored = 0
        var frequencies = [Double](repeating: 0, count: lists.count)
        var cursors = [Int](repeating: 0, count: lists.count)
        if let driver {
            let list = lists[driver]
            for position in 0..<list.count {
                let id = list.ids[position]
                var mask: UInt64 = 1 << UInt64(driver)
                for index in lists.indices where index != driver {
                    let other = lists[index]
                    let at = Self.seek(other.ids, from: cursors[index], to: id)
                    cursors[index] = at
                    if at < other.count && other.ids[at] == id {
                        frequencies[index] = other.frequencies[at]
                        mask |= 1 << UInt64(index)
                    } else {
                        frequencies[index] = 0
                    }
                }
                frequencies[driver] = list.frequencies[position]
                offer(id, size: Int(list.sizes[position]), mask, frequencies, to: &hits)
            }
        } else {
            while true {
                var id = Int64.max
                for index in lists.indices where cursors[index] < lists[index].count { id = min(id, lists[index].ids[cursors[index]]) }
                if id == .max { break }
                var size = 0
                var mask: UInt64 = 0
                for index in lists.indices {
                    let at = cursors[index]
                    if at < lists[index].count && lists[index].ids[at] == id {
                        mask |= 1 << UInt64(index)
                        frequencies[index] = lists[index].frequencies[at]
                        size = Int(lists[index].sizes[at])
                        cursors[index] = at + 1
                    } else {
                        frequencies[index] = 0
                    }
                }
                offer(id, size: size, mask, frequencies, to: &hits)
            }
        }
        return hits
    }

    @inline(__always)
    private mutating func offer(_ id: Int64, size: Int, _ mask: UInt64, _ frequencies: [Double], to hits: inout TopHits) {
        if let clauses {
            for clause in clauses where mask & clause == 0 { return }
        } else if shape.matches({ mask & (1 << UInt64($0)) != 0 }) != true {
            return
        }
        scored += 1
        hits.offer(id: id, score: scorer.score(frequencies, size: size))
    }

    /// The first position at or after `start` whose id is at least `id` (galloping, then binary search).
    static func seek(_ ids: [Int64], from start: Int, to id: Int64) -> Int {
        var low = start, step = 1
        var high = start
        while high < ids.count && ids[high] < id {
            low = high + 1
            high += step
            step *= 2
        }
        high = min(high, ids.count)
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
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
}
