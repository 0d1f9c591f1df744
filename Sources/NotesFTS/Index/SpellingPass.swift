import SQLiteKit

/// One pass of the `spelling` fill (``Vocabulary/spellingPasses(terms:pairsPerPass:)``): the rows of one
/// range of buckets, in bucket order, their `entries` packed one after another in ``bytes``.
///
/// Computing a pass touches no database, so a first build computes them on the thread that reads the words
/// (``VocabularyScan``) while the writer fills the top-k tables, and the writer only inserts them.
struct SpellingPass: Sendable, Equatable {
    /// Each row's bucket, increasing.
    private(set) var buckets: [Int64] = []
    /// Where each row's entries end in ``bytes`` (a row starts where the one before ends).
    private(set) var ends: [Int] = []
    /// Every row's entries (``SpellingKeys/appendGroup(key:count:to:)``, ``SpellingKeys/appendWord(id:length:to:)``).
    private(set) var bytes: [UInt8] = []

    /// The rows of `pairs` (`key << 32 | id`, sorted by key), one per bucket, each key's words once each;
    /// `lengths[id - 1]` is the length of word `id`.
    init(pairs: [UInt64], lengths: [Int]) {
        var start = 0
        while start < pairs.count {
            let bucket = SpellingKeys.bucket(of: Int64(pairs[start] >> 32))
            while start < pairs.count, SpellingKeys.bucket(of: Int64(pairs[start] >> 32)) == bucket {
                let key = pairs[start] >> 32
                var end = start + 1
                var count = 1
                while end < pairs.count, pairs[end] >> 32 == key {
                    if pairs[end] != pairs[end - 1] { count += 1 }
                    end += 1
                }
                SpellingKeys.appendGroup(key: Int64(key), count: count, to: &bytes)
                for index in start..<end where index == start || pairs[index] != pairs[index - 1] {
                    let id = Int(pairs[index] & 0xFFFF_FFFF)
                    SpellingKeys.appendWord(id: Int64(id), length: lengths[id - 1], to: &bytes)
                }
                start = end
            }
            buckets.append(bucket)
            ends.append(bytes.count)
        }
    }

    /// How many rows the pass writes.
    var count: Int { buckets.count }

    /// Inserts the rows through `rows` (`INSERT INTO spelling(bucket, entries)`) and flushes it.
    func write(_ rows: BatchInsert) throws {
        var start = 0
        for (bucket, end) in zip(buckets, ends) {
            try rows.append(.integer(bucket), .blob(Array(bytes[start..<end])))
            start = end
        }
        try rows.finish()
    }
}
