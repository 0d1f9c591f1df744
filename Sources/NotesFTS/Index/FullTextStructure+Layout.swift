extension FullTextStructure {
    /// The most levels ``splicing(_:renumbered:)`` lays segments out on; past this a level takes more than
    /// ``segmentsPerLevel`` (FTS5's own limit is 64, and each level costs a lookup per query term).
    static let layoutLevels = 32

    /// The lowest level above 0 that ``splicing(_:renumbered:)`` fills: the levels between are left to
    /// incremental runs, whose small segments FTS5 merges up through them. With the splice's smallest
    /// segments on level 1 (6,232 and 11,075 pages, the writer's merged into one), a 1%-changed re-run
    /// merged them again and took 6.63 / 6.79 s; with levels 1 and 2 empty, 3.84 / 4.32 s (the same index).
    static let firstSplicedLevel = 3

    /// This structure and `other`'s segments laid out anew, `other`'s renumbered by `newID`: the structure a
    /// splice writes. `other` must have no merge in progress.
    ///
    /// Where this structure has no merge in progress either, every segment of both may move: this
    /// structure's keep their order (oldest on the highest level, and within a level oldest first), since a
    /// newer one may delete rows an older one holds; `other`'s hold rows this structure does not know and go
    /// anywhere. From oldest to newest, the next segment is the larger of this structure's next and `other`'s
    /// largest left, so sizes fall from the top level down. Level 0 takes the newest ones while they are
    /// ``levelZeroPages`` or smaller, at most ``segmentsPerLevel``; the rest fill the levels from
    /// ``firstSplicedLevel`` up, ``segmentsPerLevel`` each. Every incremental run adds to level 0, and FTS5 merges a level
    /// once it holds four: a writer's last flush (3,587 pages at 100k notes) left on level 0 beside two
    /// others was merged again by the next 1%-changed re-run, which took 6.8–7.5 s instead of 4.1–4.4 s.
    ///
    /// With a merge in progress here, its levels stay as they are, and `other`'s segments are added by size
    /// (``adding(_:renumbered:)``).
    func splicing(_ other: FullTextStructure, renumbered newID: (Int) -> Int) -> FullTextStructure {
        guard !isMerging else { return adding(other, renumbered: newID) }
        precondition(!other.isMerging, "a spliced structure must have no merge in progress")
        let own = levels.reversed().flatMap(\.segments)
        let added = other.levels.flatMap(\.segments).sorted { $0.pageCount > $1.pageCount }
            .map { Segment(id: newID($0.id), firstPage: $0.firstPage, lastPage: $0.lastPage) }
        var oldestFirst: [Segment] = []
        var (nextOwn, nextAdded) = (0, 0)
        while nextOwn < own.count || nextAdded < added.count {
            if nextAdded == added.count
                || (nextOwn < own.count && own[nextOwn].pageCount >= added[nextAdded].pageCount) {
                oldestFirst.append(own[nextOwn])
                nextOwn += 1
            } else {
                oldestFirst.append(added[nextAdded])
                nextAdded += 1
            }
        }
        var levelZero: [Segment] = []
        while levelZero.count < Self.segmentsPerLevel, let newest = oldestFirst.last,
              newest.pageCount <= Self.levelZeroPages {
            levelZero.insert(oldestFirst.removeLast(), at: 0)
        }
        let perLevel = max(Self.segmentsPerLevel, (oldestFirst.count + Self.layoutLevels - 1) / Self.layoutLevels)
        var result = self
        result.cookie &+= 1
        result.writeCounter += other.writeCounter
        result.levels = [Level(merging: 0, segments: levelZero)]
        if !oldestFirst.isEmpty {
            result.levels += Array(repeating: Level(merging: 0, segments: []), count: Self.firstSplicedLevel - 1)
        }
        while !oldestFirst.isEmpty {
            let newest = Array(oldestFirst.suffix(perLevel))
            oldestFirst.removeLast(newest.count)
            result.levels.append(Level(merging: 0, segments: newest))
        }
        if result.levels.count == 1 && levelZero.isEmpty && levels.isEmpty { result.levels = [] }
        return result
    }
}
