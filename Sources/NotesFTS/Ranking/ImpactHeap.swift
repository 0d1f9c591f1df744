/// A bounded selection of a term's highest-impact notes while its notes stream by: the `capacity` best by
/// bm25 saturation at a reference average size, and the ``ImpactFrontier`` of all the others.
struct ImpactHeap {
    /// One note's entry for the term.
    struct Entry {
        var impact: Double
        var note: Int64
        var frequency: Double
        var size: Int
    }

    let capacity: Int
    let averageSize: Double
    /// A min-heap on `impact` (ties: the higher note id is the smaller, so lower ids stay).
    private(set) var entries: [Entry] = []
    /// Notes in the term, counted as they pass.
    private(set) var documents = 0
    /// Everything that did not stay in the heap.
    private(set) var frontier = ImpactFrontier()

    init(capacity: Int, averageSize: Double) {
        self.capacity = capacity
        self.averageSize = averageSize
        entries.reserveCapacity(min(capacity, 1024))
    }

    /// Offers one note.
    mutating func add(note: Int64, frequency: Double, size: Int) {
        documents += 1
        let entry = Entry(impact: BM25.saturation(frequency: frequency, size: size, averageSize: averageSize),
                          note: note, frequency: frequency, size: size)
        if entries.count < capacity {
            entries.append(entry)
            siftUp(entries.count - 1)
            return
        }
        guard let smallest = entries.first, Self.less(smallest, entry) else {
            frontier.insert(frequency: frequency, size: size)
            return
        }
        frontier.insert(frequency: smallest.frequency, size: smallest.size)
        entries[0] = entry
        siftDown(0)
    }

    /// `entries` (a heap's, in heap order) as the posting list a head is stored as, by note id.
    static func headList(_ entries: [Entry]) -> PostingList {
        var head = PostingList()
        head.reserve(entries.count)
        for entry in entries.sorted(by: { $0.note < $1.note }) {
            head.append(id: entry.note, frequency: entry.frequency, size: entry.size)
        }
        return head
    }

    private static func less(_ left: Entry, _ right: Entry) -> Bool {
        left.impact != right.impact ? left.impact < right.impact : left.note > right.note
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.less(entries[child], entries[parent]) else { return }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count && Self.less(entries[left], entries[smallest]) { smallest = left }
            if right < entries.count && Self.less(entries[right], entries[smallest]) { smallest = right }
            if smallest == parent { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
