import Foundation
import NotesFTS
import SQLiteKit

/// Compares what `LIKE '%term%'` finds with what the full-text index finds, note by note, and says why they
/// differ: substring hits inside longer words, case folding beyond ASCII, diacritics, tokenization.
enum RecallAudit {
    /// The audit of one query.
    struct Result {
        /// The query.
        var query: BenchQuery
        /// Notes LIKE finds.
        var likeCount: Int
        /// Notes the index finds.
        var ourCount: Int
        /// Found by LIKE only.
        var likeOnly: Int
        /// Found by the index only.
        var oursOnly: Int
        /// Why LIKE finds more, reason → notes (classified on up to ``sampleSize`` examples).
        var likeOnlyReasons: [String: Int]
        /// Why the index finds more.
        var oursOnlyReasons: [String: Int]
    }

    /// How many differing notes per bucket are examined for a reason.
    static let sampleSize = 200

    /// Audits `query` on `index`.
    static func audit(_ query: BenchQuery, index: NoteIndex) throws -> Result {
        typealias Classifier = (String, String) -> String
        let connection = index.connection
        let like = Set(try connection.query(query.allSQL, query.likePatterns.map { .text($0) }) { $0.int64(0) })
        var ours = Set<Int64>()
        if let match = QueryParser.parse(query.text).matchExpression {
            ours = Set(try connection.query("SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?1", [.text(match)]) { $0.int64(0) })
        }
        let likeOnly = like.subtracting(ours), oursOnly = ours.subtracting(like)
        func reasons(_ ids: Set<Int64>, _ classify: Classifier) throws -> [String: Int] {
            var counts: [String: Int] = [:]
            for id in ids.sorted().prefix(sampleSize) {
                let row = try connection.query("SELECT title || char(10) || body, tags FROM notes WHERE id = ?1", [.integer(id)]) {
                    ($0.text(0) ?? "", $0.text(1) ?? "")
                }.first ?? ("", "")
                counts[classify(row.0, row.1), default: 0] += 1
            }
            return counts
        }
        let terms = query.likeTerms
        return Result(query: query, likeCount: like.count, ourCount: ours.count,
                      likeOnly: likeOnly.count, oursOnly: oursOnly.count,
                      likeOnlyReasons: try reasons(likeOnly) { text, _ in whyLikeOnly(text, terms: terms) },
                      oursOnlyReasons: try reasons(oursOnly) { text, tags in whyOursOnly(text, tags: tags, terms: terms) })
    }

    /// Why LIKE matched `text` where the index did not.
    static func whyLikeOnly(_ text: String, terms: [String]) -> String {
        let lowered = asciiLowercased(text)
        for term in terms {
            var searchRange = lowered.startIndex..<lowered.endIndex
            while let found = lowered.range(of: asciiLowercased(term), range: searchRange) {
                let before = found.lowerBound > lowered.startIndex ? lowered[lowered.index(before: found.lowerBound)] : " "
                let after = found.upperBound < lowered.endIndex ? lowered[found.upperBound] : " "
                if isHangul(after) || isHangul(before) {
                    return "tokenization: Korean word with a particle attached is one token (학교에서 ≠ 학교)"
                }
                if before.isLetter || before.isNumber || after.isLetter || after.isNumber {
                    return "substring: the text sits inside a longer word"
                }
                searchRange = found.upperBound..<lowered.endIndex
            }
        }
        return "other"
    }

    /// Why the index matched `text` (title and body; `tags` apart) where LIKE did not.
    static func whyOursOnly(_ text: String, tags: String, terms: [String]) -> String {
        let foldedTags = fold(tags)
        if terms.contains(where: { foldedTags.contains(fold($0)) })
            && !terms.allSatisfy({ asciiLowercased(text).contains(asciiLowercased($0)) }) {
            return "tags: we also index the tags column (front matter, JSON tags), the article's LIKE reads title and body only"
        }
        if terms.contains(where: { $0.contains(" ") }) {
            let spaced = text.replacingOccurrences(of: "\n", with: " ").lowercased()
            if terms.allSatisfy({ term in
                let words = term.split(separator: " ").map(String.init)
                return words.allSatisfy(spaced.contains)
            }) && !terms.allSatisfy({ asciiLowercased(text).contains(asciiLowercased($0)) }) {
                if !terms.allSatisfy({ text.lowercased().contains($0.lowercased()) }) {
                    return "tokenization: punctuation or a line break between the phrase's words"
                }
            }
        }
        if terms.allSatisfy({ text.lowercased().contains($0.lowercased()) }) {
            return "case beyond ASCII: LIKE folds only A–Z (É ≠ é)"
        }
        let folded = fold(text)
        if terms.allSatisfy({ folded.contains(fold($0)) }) {
            return "diacritics: remove_diacritics folds é to e"
        }
        return "tokenization: punctuation between words"
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
    }

    private static func isHangul(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0xAC00...0xD7A3).contains($0.value) } ?? false
    }

    private static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
