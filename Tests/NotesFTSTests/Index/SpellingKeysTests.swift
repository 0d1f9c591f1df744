import Foundation
import Testing
@testable import NotesFTS

@Suite struct SpellingKeysTests {
    /// Every string left by deleting up to `count` bytes of `bytes`, the bytes themselves included.
    private func deletions(of bytes: [UInt8], upTo count: Int) -> Set<[UInt8]> {
        var all: Set<[UInt8]> = [bytes]
        var level: Set<[UInt8]> = [bytes]
        for _ in 0..<count {
            level = Set(level.flatMap(Vocabulary.deletions(of:)))
            all.formUnion(level)
        }
        return all
    }

    @Test(arguments: ["sourdough", "mississippi", "aaaaaaaaaa", "ab", "a", "", "quuxfrobnicate", "abcdefg"])
    func keysAreTheHashesOfThePrefixWithUpToTwoDeletions(word: String) {
        let prefix = Array(word.utf8.prefix(SpellingKeys.prefixLength))
        for count in 0...2 {
            let expected = Set(deletions(of: prefix, upTo: count).map(Vocabulary.key)).sorted()
            #expect(SpellingKeys.keys(of: word.utf8, deletions: count) == expected)
        }
    }

    @Test func aWordHasAtMost29Keys() {
        #expect(SpellingKeys.keys(of: "abcdefghijklmnopqrstuvwxyz".utf8).count == 29)
        #expect(SpellingKeys.keys(of: "abcdefghijklmnopqrstuvwxyz".utf8, deletions: 1).count == 8)
        #expect(SpellingKeys.keys(of: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8).count == 3)
    }

    /// Hostile input: a very long word, Korean, accented letters, digits and bytes that are not UTF-8 only
    /// ever read their first seven bytes.
    @Test(arguments: [String(repeating: "abc", count: 10_000), "국회의원회의록", "crème brûlée", "2024-01-31", "a\u{0}b\u{0}c"])
    func anyBytesHaveKeysFromTheirFirstSevenBytes(text: String) {
        let keys = SpellingKeys.keys(of: text.utf8)
        #expect(keys == SpellingKeys.keys(of: Array(text.utf8.prefix(7))))
        #expect(!keys.isEmpty && keys.count <= 29)
        #expect(keys.allSatisfy { $0 >= 0 && $0 <= 0x7FFF_FFFF })
    }

    @Test func entriesRoundTrip() {
        let bucket: Int64 = 0x7FFFF
        let pairs: [(key: Int64, id: Int64, length: Int)] = [
            (bucket << 12, 1, 2), (bucket << 12 | 0xFFF, 127, 40), (bucket << 12 | 5, 128, 5),
            (bucket << 12 | 127, 398_494, 14), (bucket << 12 | 128, 1 << 40, 9), (bucket << 12, 0, 0), (bucket << 12 | 9, 5, 63),
        ]
        var bytes: [UInt8] = []
        for pair in pairs { SpellingKeys.appendEntry(key: pair.key, id: pair.id, length: pair.length, to: &bytes) }
        let decoded = SpellingKeys.entries(bytes, bucket: bucket)
        #expect(decoded.map(\.key) == pairs.map(\.key))
        #expect(decoded.map(\.id) == pairs.map(\.id))
        #expect(decoded.map(\.length) == pairs.map(\.length))
        #expect(pairs.allSatisfy { SpellingKeys.bucket(of: $0.key) == bucket })
    }

    /// A row lists groups (a key, how many words, the words); a key may have several, and an empty one.
    @Test func groupsOfWordsRoundTrip() {
        var bytes: [UInt8] = []
        SpellingKeys.appendGroup(key: 3 << 12 | 200, count: 3, to: &bytes)
        for id: Int64 in [10, 11, 500_000] { SpellingKeys.appendWord(id: id, length: 9, to: &bytes) }
        SpellingKeys.appendGroup(key: 3 << 12 | 1, count: 0, to: &bytes)
        SpellingKeys.appendEntry(key: 3 << 12 | 200, id: 12, length: 8, to: &bytes)
        let decoded = SpellingKeys.entries(bytes, bucket: 3)
        let key: Int64 = 3 << 12 | 200
        #expect(decoded.map(\.key) == [key, key, key, key])
        #expect(decoded.map(\.id) == [10, 11, 500_000, 12])
        #expect(decoded.map(\.length) == [9, 9, 9, 8])
    }

    @Test func anOverlongLengthIsStoredAs63AndANegativeIdAs0() {
        var bytes: [UInt8] = []
        SpellingKeys.appendEntry(key: 7, id: -5, length: 1000, to: &bytes)
        #expect(SpellingKeys.entries(bytes, bucket: 0).map(\.id) == [0])
        #expect(SpellingKeys.entries(bytes, bucket: 0).map(\.length) == [63])
    }

    /// A damaged row (a varint cut short, longer than any written, or a key without its word) ends its list
    /// instead of trapping.
    @Test func damagedListsEndEarly() {
        var bytes: [UInt8] = []
        SpellingKeys.appendEntry(key: 33, id: 300, length: 7, to: &bytes)
        #expect(SpellingKeys.entries(bytes + [0x80, 0x80], bucket: 0).map(\.id) == [300])
        #expect(SpellingKeys.entries(bytes + [0x05], bucket: 0).map(\.id) == [300])
        #expect(SpellingKeys.entries(bytes + [UInt8](repeating: 0xFF, count: 20) + bytes, bucket: 0).map(\.id) == [300])
        #expect(SpellingKeys.entries([], bucket: 0).isEmpty)
    }

    /// The proof in ``SpellingKeys``, checked: every word within `d` edits of a typed word (`d` = 1, 2; over the
    /// typed word's own letters and one more, repeated letters included, every length) shares a key of its
    /// stored neighbourhood with the typed word's `d`-deletion keys.
    @Test(arguments: ["sourdough", "mississippi", "abababab", "frobnicate", "quuxfrobnicate", "meetng", "abc"])
    func typedKeysReachTheWholeTwoEditBall(typed: String) {
        let word = Array(typed.utf8)
        let ball = TwoEditBall.around(word)
        var missed: [String] = []
        for distance in 1...2 {
            let probed = Set(SpellingKeys.keys(of: word, deletions: distance))
            for near in ball where EditDistance.between(word, near, limit: distance) <= distance {
                if probed.isDisjoint(with: SpellingKeys.keys(of: near)) { missed.append(String(decoding: near, as: UTF8.self)) }
            }
        }
        #expect(missed.isEmpty, "\(missed.prefix(5))")
    }
}
