import SQLiteKit

/// The best `capacity` hits offered so far, by ``TopKPlan/ranksBefore(_:_:)`` (score, then lower id): a
/// min-heap whose root is the worst kept hit, so a hit that cannot enter costs one comparison.
struct TopHits {
    let capacity: Int
    private var heap: [TopKPlan.Hit] = []
    /// Hits offered (whether kept or not).
    private(set) var offered = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
        heap.reserveCapacity(min(self.capacity, 4096))
    }

    /// The lowest score a new hit must reach to be kept (−∞ while there is room).
    var threshold: Double { heap.count < capacity ? -.infinity : heap[0].score }

    /// Offers one hit.
    @inline(__always)
    mutating func offer(id: Int64, score: Double) {
        offered += 1
        guard capacity > 0, score >= threshold else { return }
        let hit = TopKPlan.Hit(id: id, score: score)
        if heap.count < capacity {
            heap.append(hit)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard TopKPlan.ranksBefore(heap[parent], heap[child]) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        } else if TopKPlan.ranksBefore(hit, heap[0]) {
            heap[0] = hit
            siftDown()
        }
    }

    private mutating func siftDown() {
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var worst = parent
            if left < heap.count && TopKPlan.ranksBefore(heap[worst], heap[left]) { worst = left }
            if right < heap.count && TopKPlan.ranksBefore(heap[worst], heap[right]) { worst = right }
            if worst == parent { return }
            heap.swapAt(parent, worst)
            parent = worst
        }
    }

    /// The kept hits, best first.
    var sorted: [TopKPlan.Hit] { heap.sorted(by: TopKPlan.ranksBefore) }

    /// The exact best `needed` hits that pass `filter` and `exclusion`, best first, from `best`, which offers
    /// every match and keeps the best `capacity`: the best `max(4·needed, 64)` first, then the filters over
    /// them; if too few pass and there were more matches, again with 8 times the capacity. A passing note
    /// outside the best `capacity` ranks below all of them, so the first `needed` that pass are the answer.
    static func bestPassing(_ needed: Int, _ db: Connection, filter: SearchFilter, exclusion: String?,
                            _ best: (_ capacity: Int) throws -> TopHits) throws -> [TopKPlan.Hit] {
        if filter.isEmpty && exclusion == nil { return try best(needed).sorted }
        var capacity = max(needed * 4, 64)
        while true {
            let hits = try best(capacity)
            let sorted = hits.sorted
            let passing = Set(try TopKSearch.passing(sorted.map(\.id), db, exclusion: exclusion, filter: filter))
            let kept = sorted.filter { passing.contains($0.id) }
            if kept.count >= needed || hits.offered < capacity { return Array(kept.prefix(needed)) }
            capacity *= 8
        }
    }
}
