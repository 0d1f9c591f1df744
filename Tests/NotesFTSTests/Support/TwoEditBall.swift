@testable import NotesFTS

/// Every byte string within two edits of a word (deletions, transpositions, insertions and substitutions over
/// the word's own letters and one more, repeated letters included): what a two-edit lookup must reach.
enum TwoEditBall {
    static func around(_ word: [UInt8]) -> Set<[UInt8]> {
        let alphabet = Set(word + [UInt8(ascii: "z")]).sorted()
        func edits(_ bytes: [UInt8]) -> [[UInt8]] {
            var result = Vocabulary.deletions(of: bytes) + Spelling.transpositions(of: bytes)
            for index in 0...bytes.count {
                for letter in alphabet {
                    var longer = bytes
                    longer.insert(letter, at: index)
                    result.append(longer)
                    if index < bytes.count, letter != bytes[index] {
                        var changed = bytes
                        changed[index] = letter
                        result.append(changed)
                    }
                }
            }
            return result
        }
        return Set(edits(word).flatMap { [$0] + edits($0) })
    }
}
