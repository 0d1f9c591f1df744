/// The keys and rows of the `spelling` table from schema v8: for every indexed word, the strings left by
/// deleting up to two letters from its first ``prefixLength`` letters (SymSpell's prefix length), each as a
/// 31-bit hash (a key); one row a bucket of 4,096 consecutive keys (``bucket(of:)``), listing each key's
/// words in it: about 20 (key, word) pairs a row, so a lookup reads one small row a key and a fill writes a
/// sixth as many rows as there are keys.
///
/// Why a typo's lookup needs only these keys: if a word `w` is within `d` edits of the typed `t` (insertions,
/// deletions, substitutions, adjacent transpositions; `d` ≤ 2), deleting from each word the letters those
/// edits touch (at most `d` on each side; one letter of each swapped pair) leaves one common string `s`.
/// Let `T` and `W` be the first ``prefixLength`` letters of `t` and `w`, and `k` and `m` the number of
/// letters of `s` inside each: they are `s`'s first `k` and `m` letters. With `j = min(k, m)`, deleting from
/// `T` every letter that is not among `s`'s first `j` leaves `s`'s first `j` letters, and so does the same
/// from `W`. That costs `T` at most `d` deletions: when `j = k`, only `T`'s letters outside `s`; when
/// `j = m < k`, `w` is longer than the prefix (else `W` would hold all of `s`), so `|T| − m ≤ |W| − m`, the
/// letters of `W` outside `s`. Symmetrically for `W`. So `T` minus up to `d` letters equals `W` minus up to
/// `d` letters: a word has every key of its prefix with up to two deletions, and the lookup of `t` probes the
/// keys of `T` with up to `d` deletions (at most 29), then checks every word found by ``EditDistance``.
/// `SpellingKeysTests` and `SpellingCompletenessTests` check it against the two-edit ball of sample words
/// and against a scan of a vocabulary.
enum SpellingKeys {
    /// The schema version that introduced these keys (older indexes keep ``Vocabulary``'s one-deletion keys
    /// of whole words in a `spelling(key, term_id)` table, read by `Spelling`'s legacy lookup).
    static let schemaVersion = 8

    /// How many leading letters of a word its keys are made from.
    static let prefixLength = 7

    /// How many letters a word's stored keys delete at most (the largest typo tolerance).
    static let storedDeletions = 2

    /// The table (schema v8): `entries` lists the bucket's keys with their words (``appendGroup(key:count:to:)``).
    static let schemaSQL = """
        DROP TABLE IF EXISTS spelling;
        CREATE TABLE spelling (
          bucket  INTEGER PRIMARY KEY,
          entries BLOB NOT NULL
        );
        """

    /// How many low bits of a key its bucket leaves out (the rest is the bucket).
    static let bucketBits: Int64 = 12

    /// The `spelling` row a key is listed in.
    static func bucket(of key: Int64) -> Int64 { key >> bucketBits }

    /// The distinct keys of `word`: its first ``prefixLength`` bytes with up to `deletions` (0, 1 or 2) of them
    /// deleted, hashed by ``Vocabulary/key(_:)``'s FNV-1a, in increasing order. Any bytes work (only whole
    /// words of `a`–`z` are stored, but a probe may be anything).
    static func keys(of word: some Collection<UInt8>, deletions: Int = storedDeletions) -> [Int64] {
        var keys: [Int64] = []
        fillKeys(of: word, deletions: deletions, into: &keys)
        keys.sort()
        var kept = 0
        for index in keys.indices where kept == 0 || keys[index] != keys[kept - 1] {
            keys[kept] = keys[index]
            kept += 1
        }
        keys.removeLast(keys.count - kept)
        return keys
    }

    /// Replaces the contents of `keys` with the keys of `word`, unsorted and with a key repeated when two
    /// deletions leave the same string (`aab` less either `a`), reusing its storage: the fill calls it for
    /// every word and drops repeats once its pairs are sorted. The hash of the bytes before a deleted one is
    /// carried forward, so no shorter string is built.
    static func fillKeys(of word: some Collection<UInt8>, deletions: Int = storedDeletions, into keys: inout [Int64]) {
        keys.removeAll(keepingCapacity: true)
        var prefix: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &prefix) { bytes in
            for byte in word.prefix(prefixLength) {
                bytes[count] = byte
                count += 1
            }
        }
        withUnsafeBytes(of: prefix) { raw in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<count])
            func hash(from start: Int, _ seed: UInt32, skipping skipped: Int) -> Int64 {
                var hash = seed
                for index in start..<count where index != skipped { hash = Vocabulary.fnvStep(hash, bytes[index]) }
                return Int64(hash & 0x7FFF_FFFF)
            }
            keys.append(hash(from: 0, Vocabulary.fnvOffsetBasis, skipping: -1))
            guard deletions >= 1 else { return }
            var before = Vocabulary.fnvOffsetBasis  // the hash of bytes[..<first]
            for first in 0..<count {
                keys.append(hash(from: first + 1, before, skipping: -1))
                if deletions >= 2 {
                    for second in (first + 1)..<count { keys.append(hash(from: first + 1, before, skipping: second)) }
                }
                before = Vocabulary.fnvStep(before, bytes[first])
            }
        }
    }

    /// Appends a group of one key's words to a row's `entries`: the key's low ``bucketBits`` bits and how many
    /// words follow, each an unsigned LEB128 varint; then `count` calls of ``appendWord(id:length:to:)``. A key
    /// may have several groups in a row (note-by-note writes append one a new word).
    static func appendGroup(key: Int64, count: Int, to bytes: inout [UInt8]) {
        appendVarint(UInt64(key & (1 << bucketBits - 1)), to: &bytes)
        appendVarint(UInt64(max(count, 0)), to: &bytes)
    }

    /// Appends one word of a group: `id << 6 | length` as a varint (words are at most 40 letters; a longer
    /// length is stored as 63, which no lookup takes for a near word).
    static func appendWord(id: Int64, length: Int, to bytes: inout [UInt8]) {
        appendVarint(UInt64(max(id, 0)) << 6 | UInt64(min(max(length, 0), 63)), to: &bytes)
    }

    /// Appends a group of one (key, word) pair.
    static func appendEntry(key: Int64, id: Int64, length: Int, to bytes: inout [UInt8]) {
        appendGroup(key: key, count: 1, to: &bytes)
        appendWord(id: id, length: length, to: &bytes)
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Calls `body` with each (key, word id, length) of the `entries` of the row of `bucket`; a truncated or
    /// overlong varint (a damaged row) ends the list.
    static func forEachEntry(in bytes: UnsafeRawBufferPointer, bucket: Int64,
                             _ body: (_ key: Int64, _ id: Int64, _ length: Int) -> Void) {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var key: Int64?
        var remaining: UInt64?
        for byte in bytes {
            guard shift < 63 else { return }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 != 0 {
                shift += 7
                continue
            }
            if let groupKey = key, let count = remaining {
                body(groupKey, Int64(value >> 6), Int(value & 0x3F))
                remaining = count > 1 ? count - 1 : nil
                if remaining == nil { key = nil }
            } else if key != nil {
                remaining = value > 0 ? value : nil
                if remaining == nil { key = nil }
            } else {
                key = bucket << bucketBits | Int64(value & (1 << UInt64(bucketBits) - 1))
            }
            (value, shift) = (0, 0)
        }
    }

    /// The (key, word id, length) pairs of a row's `entries` (``forEachEntry(in:bucket:_:)``).
    static func entries(_ bytes: [UInt8], bucket: Int64) -> [(key: Int64, id: Int64, length: Int)] {
        var entries: [(key: Int64, id: Int64, length: Int)] = []
        bytes.withUnsafeBytes { buffer in forEachEntry(in: buffer, bucket: bucket) { entries.append(($0, $1, $2)) } }
        return entries
    }
}
