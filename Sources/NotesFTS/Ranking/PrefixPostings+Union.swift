extension PrefixPostings {
    /// The union of `lists` by note id, frequencies summed (a note's size is the same in every list).
    static func merged(_ lists: [PostingList]) -> PostingList {
        guard var merged = lists.first else { return PostingList() }
        for list in lists.dropFirst() { merged = union(merged, list) }
        return merged
    }

    /// The union of two lists by note id: one pass over both, in place (a prefix's tracked expansion and its
    /// untracked ones: 300,000 and 19,000 postings at 1,000,000 notes, 8.7 ms through a general k-way merge).
    static func union(_ left: PostingList, _ right: PostingList) -> PostingList {
        if right.count == 0 { return left }
        if left.count == 0 { return right }
        var result = PostingList()
        result.reserve(left.count + right.count)
        left.ids.withUnsafeBufferPointer { leftIDs in
            right.ids.withUnsafeBufferPointer { rightIDs in
                var l = 0, r = 0
                while l < leftIDs.count || r < rightIDs.count {
                    if r == rightIDs.count || (l < leftIDs.count && leftIDs[l] < rightIDs[r]) {
                        result.append(id: leftIDs[l], frequency: left.frequencies[l], size: Int(left.sizes[l]))
                        l += 1
                    } else if l == leftIDs.count || rightIDs[r] < leftIDs[l] {
                        result.append(id: rightIDs[r], frequency: right.frequencies[r], size: Int(right.sizes[r]))
                        r += 1
                    } else {
                        result.append(id: leftIDs[l], frequency: left.frequencies[l] + right.frequencies[r], size: Int(left.sizes[l]))
                        l += 1
                        r += 1
                    }
                }
            }
        }
        return result
    }
}
