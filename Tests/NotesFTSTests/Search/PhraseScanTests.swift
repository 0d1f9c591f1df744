import Testing
@testable import NotesFTS

/// ``PhraseScan`` with colocated tokens, which no shipped tokenizer emits but FTS5's API allows (a synonym
/// at the same position): they share the position, count once as an instance, and take part in phrases.
@Suite struct PhraseScanColocatedTests {
    private func feed(_ scan: inout PhraseScan, _ tokens: [(String, Bool)]) {
        var offset: Int32 = 0
        for (text, colocated) in tokens {
            let bytes = Array(text.utf8)
            if !colocated { offset += 1 }
            bytes.withUnsafeBytes { scan.add(token: $0, start: offset, end: offset + Int32(bytes.count), colocated: colocated) }
            if !colocated { offset += Int32(bytes.count) }
        }
    }

    @Test func colocatedTokensShareAPositionAndCountOnce() {
        let phrases = [QueryPhrases.Phrase(tokens: [Array("first".utf8), Array("c".utf8)], isPrefix: false),
                       QueryPhrases.Phrase(token: Array("a".utf8), isPrefix: false)]
        var scan = PhraseScan(phrases: phrases)
        // Position 0: "a" with "first" and a second "a" colocated; position 1: "c"; position 2: "a".
        feed(&scan, [("a", false), ("first", true), ("a", true), ("c", false), ("a", false)])
        #expect(scan.starts.count == 3)
        let found = scan.instances.map { "\($0.phrase)@\($0.position)/\($0.length)" }
        #expect(found == ["0@0/2", "1@0/1", "1@2/1"])
    }
}
