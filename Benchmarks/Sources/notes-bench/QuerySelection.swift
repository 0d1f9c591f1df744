import NotesFTS
import SQLiteKit

/// Chooses the benchmark queries from the index itself, by document frequency (FTS5's `fts5vocab`).
///
/// common ≈ 30% of notes, mid ≈ 1%, rare = a handful (3–8), a two-word AND of words at ≈ 5%, a phrase
/// taken from a note containing the mid word, a prefix of the mid word, a word that occurs nowhere, and a
/// Korean noun at ≈ 1%.
enum QuerySelection {
    private struct Term {
        var text: String
        var documents: Int
    }

    /// The queries for the index on `connection` holding `noteCount` notes.
    static func choose(_ connection: Connection, noteCount: Int) throws -> [BenchQuery] {
        try connection.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.bench_vocab USING fts5vocab(main, notes_fts, row)")
        let terms = try connection.query("SELECT term, doc FROM temp.bench_vocab") { row in
            Term(text: row.text(0) ?? "", documents: row.int(1))
        }
        let latin = terms.filter { $0.text.utf8.count >= 5 && $0.text.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } }
        let hangul = terms.filter { term in
            term.text.unicodeScalars.count == 2 && term.text.unicodeScalars.allSatisfy { (0xAC00...0xD7A3).contains($0.value) }
        }
        func closest(_ pool: [Term], to share: Double, excluding: Set<String> = []) throws -> Term {
            let target = max(share * Double(noteCount), 1)
            guard let best = pool.filter({ !excluding.contains($0.text) })
                .min(by: { abs(Double($0.documents) - target) < abs(Double($1.documents) - target) }) else {
                throw BenchError("the index holds no suitable words to benchmark; is the corpus empty?")
            }
            return best
        }
        let common = try closest(latin, to: 0.30)
        let mid = try closest(latin, to: 0.01)
        let rareCandidates = latin.filter { (3...8).contains($0.documents) && $0.text.count >= 7 }
        let rare = rareCandidates.isEmpty ? try closest(latin, to: 0) : rareCandidates[rareCandidates.count / 2]
        let first = try closest(latin, to: 0.05, excluding: [common.text, mid.text])
        let second = try closest(latin, to: 0.05, excluding: [common.text, mid.text, first.text])
        let phrase = try phraseStarting(with: mid.text, connection) ?? [mid.text, common.text]
        let prefix = String(mid.text.prefix(4))
        var missing = "zqxjvkwq"
        while terms.contains(where: { $0.text == missing }) { missing += "z" }
        var queries = [
            BenchQuery(label: "common (~30%)", text: common.text, likePatterns: ["%\(common.text)%"], documentFrequency: common.documents),
            BenchQuery(label: "mid (~1%)", text: mid.text, likePatterns: ["%\(mid.text)%"], documentFrequency: mid.documents),
            BenchQuery(label: "rare", text: rare.text, likePatterns: ["%\(rare.text)%"], documentFrequency: rare.documents),
            BenchQuery(label: "AND (2 × ~5%)", text: "\(first.text) \(second.text)",
                       likePatterns: ["%\(first.text)%", "%\(second.text)%"]),
            BenchQuery(label: "phrase", text: "\"\(phrase.joined(separator: " "))\"",
                       likePatterns: ["%\(phrase.joined(separator: " "))%"]),
            BenchQuery(label: "prefix", text: "\(prefix)*", likePatterns: ["%\(prefix)%"]),
            BenchQuery(label: "no match", text: missing, likePatterns: ["%\(missing)%"], documentFrequency: 0),
        ]
        if let accented = try accentedWord(connection, terms: terms) {
            queries.append(BenchQuery(label: "accented", text: accented, likePatterns: ["%\(accented)%"]))
        }
        if let korean = try? closest(hangul, to: 0.01) {
            queries.append(BenchQuery(label: "Korean (~1%)", text: korean.text, likePatterns: ["%\(korean.text)%"],
                                      documentFrequency: korean.documents))
        }
        return queries
    }

    /// The most frequent accented Latin word in a sample of notes, preferring one that starts with an accented
    /// letter (so that its capitalised form, beyond ASCII case folding, occurs at sentence starts): the query
    /// that shows what `remove_diacritics` and Unicode case folding find and LIKE does not.
    private static func accentedWord(_ connection: Connection, terms: [Term]) throws -> String? {
        let bodies = try connection.query("SELECT body FROM notes WHERE id % 25 = 0 LIMIT 4000") { $0.text(0) ?? "" }
        var counts: [String: Int] = [:]
        for body in bodies {
            for word in body.split(whereSeparator: { !$0.isLetter }) where word.count >= 5 {
                let scalars = word.unicodeScalars
                guard scalars.contains(where: { (0xC0...0x17F).contains($0.value) }),
                      scalars.allSatisfy({ $0.value < 0x180 }) else { continue }
                counts[word.lowercased(), default: 0] += 1
            }
        }
        func initialAccent(_ word: String) -> Bool { word.unicodeScalars.first.map { $0.value >= 0xC0 } ?? false }
        return counts.max { left, right in
            (initialAccent(left.key) ? 1 : 0, left.value, right.key) < (initialAccent(right.key) ? 1 : 0, right.value, left.key)
        }?.key
    }

    /// The mid word and the word after it in the first note that has one (a phrase that certainly occurs).
    private static func phraseStarting(with word: String, _ connection: Connection) throws -> [String]? {
        let bodies = try connection.query(
            "SELECT body FROM notes WHERE id IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?1) LIMIT 20",
            [.text("body:\(word)")]) { $0.text(0) ?? "" }
        for body in bodies {
            let words = body.split(whereSeparator: { $0 == " " || $0 == "\n" })
            for index in words.indices.dropLast() where words[index] == word {
                let next = words[index + 1]
                if next.allSatisfy({ $0.isASCII && $0.isLetter }) && next.count >= 3 { return [word, String(next)] }
            }
        }
        return nil
    }
}
