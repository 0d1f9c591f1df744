import SQLiteKit

extension PrefixFamily {
    /// The families' changes of one log replay (``RankingTables/applyLog(_:)``), as ``RankingTables`` keeps the
    /// tracked words': each logged note goes out of the families its old terms put it in and comes into those
    /// its current terms put it in (a note's last change wins), and at the end each family's list, `df` and
    /// `overlap` are written once. So a family always holds the notes of its word's other expansions as they
    /// are, with their figures: what ``build(_:limits:)`` makes, as long as the rebuild keeps the same tracked
    /// words and the family within the prefix limits (a rebuild may track an expansion that grew, or leave out
    /// a family that did; ``PrefixFamilyTests`` compares them after updates, deletes and new expansions).
    struct Replay {
        private let words: Words
        private var documents: [String: Int64] = [:]
        private var overlaps: [String: Int64] = [:]
        private var loaded: [String: (Int64, Int64)] = [:]
        private var postings: [String: [Int64: PostingChange]] = [:]

        /// The families kept in `db` (none in an index whose tables are not built).
        init(_ db: Connection) throws {
            let rows = try db.query("SELECT term, df, overlap FROM topk_families") { row in
                (row.text(0) ?? "", row.int64(1), row.int64(2))
            }
            for (term, df, overlap) in rows { loaded[term] = (df, overlap) }
            words = Words(loaded.keys)
            for (term, figures) in loaded {
                documents[term] = figures.0
                overlaps[term] = figures.1
            }
        }

        /// Takes note `note`, with its old `terms`, out of its families.
        mutating func remove(note: Int64, terms: DocumentTerms) {
            guard !words.isEmpty else { return }
            for (word, found) in words.families(of: terms) {
                documents[word, default: 0] -= 1
                if found.holdsWord { overlaps[word, default: 0] -= 1 }
                postings[word, default: [:]][note] = .remove
            }
        }

        /// Puts note `note`, with its current `terms` and size, into its families.
        mutating func add(note: Int64, terms: DocumentTerms, size: Int) {
            guard !words.isEmpty else { return }
            for (word, found) in words.families(of: terms) {
                documents[word, default: 0] += 1
                if found.holdsWord { overlaps[word, default: 0] += 1 }
                postings[word, default: [:]][note] = .put(frequency: found.frequency, size: size)
            }
        }

        /// Writes the changed lists and figures.
        func save(_ db: Connection) throws {
            for (word, notes) in postings.sorted(by: { $0.key < $1.key }) {
                try PostingStore.apply(word, notes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, db, to: .family)
                let figures = (documents[word] ?? 0, overlaps[word] ?? 0)
                if let before = loaded[word], before == figures { continue }
                try db.run("UPDATE topk_families SET df = ?2, overlap = ?3 WHERE term = ?1",
                           [.text(word), .integer(figures.0), .integer(figures.1)])
            }
        }
    }
}
