import SQLiteKit

/// Writes the word list (`vocabulary`, then `spelling`) into emptied tables one part at a time: a part is at
/// most `wordsPerStep` words, or one pass of `spelling` (``SpellingPass``). The caller commits between parts
/// (``Vocabulary/fill(_:words:wordsPerStep:spellingPairsPerPass:spelling:step:)``), and a first build writes
/// the parts while it waits for the top-k fill's next term (``NoteIndex/finishFirstBuild(_:scan:)``), so the
/// writer is busy while the other core computes them.
///
/// Words take ids in the order given, from 1, so the table and its unique index fill in order.
struct WordListWriter {
    private let words: [(term: String, stem: String)]
    private let wordsPerStep: Int
    private let passCount: UInt64
    /// Pass `number` of `spelling`; `nil` while it is not ready, when not `waiting`.
    private let pass: (_ number: UInt64, _ waiting: Bool) throws -> SpellingPass?
    private var wordsWritten = 0
    private var passesWritten: UInt64 = 0

    /// Prepares to write `words` (sorted, in FTS5's order) and the `passCount` passes of their `spelling`
    /// rows that `pass` hands over in order (``VocabularyScan/spellingPass(_:waiting:)``).
    init(words: [(term: String, stem: String)], wordsPerStep: Int, passCount: UInt64,
         pass: @escaping (_ number: UInt64, _ waiting: Bool) throws -> SpellingPass?) {
        self.words = words
        self.wordsPerStep = max(wordsPerStep, 1)
        self.passCount = passCount
        self.pass = pass
    }

    /// Prepares to write `words` (sorted, in FTS5's order) and their `spelling` rows: the passes given, else
    /// passes of at most `spellingPairsPerPass` pairs computed as they are written, so only one is in memory.
    init(words: [(term: String, stem: String)], wordsPerStep: Int = Vocabulary.wordsPerStep,
         spelling: [SpellingPass]? = nil, spellingPairsPerPass: Int = Vocabulary.spellingPairsPerPass) {
        if let spelling {
            self.init(words: words, wordsPerStep: wordsPerStep, passCount: UInt64(spelling.count)) { number, _ in
                spelling[Int(number)]
            }
        } else {
            let terms = words.map(\.term)
            let lengths = terms.map { $0.utf8.count }
            let count = Vocabulary.spellingPassCount(terms: words.count, pairsPerPass: spellingPairsPerPass)
            self.init(words: words, wordsPerStep: wordsPerStep, passCount: count) { number, _ in
                Vocabulary.spellingPass(number, of: count, terms: terms, lengths: lengths)
            }
        }
    }

    /// Whether every part is written.
    var isFinished: Bool { wordsWritten == words.count && passesWritten == passCount }

    /// Writes the next part (inside the caller's transaction); `false` when there was none left, or, when not
    /// `waiting`, when the next pass of `spelling` is not ready yet.
    mutating func writeNext(_ db: Connection, waiting: Bool = true) throws -> Bool {
        if wordsWritten < words.count {
            let rows = try BatchInsert(db, "INSERT INTO vocabulary(id, term, stem)", columns: 3)
            let end = min(wordsWritten + wordsPerStep, words.count)
            for offset in wordsWritten..<end {
                try rows.append(.integer(Int64(offset + 1)), .text(words[offset].term), .text(words[offset].stem))
            }
            try rows.finish()
            wordsWritten = end
            return true
        }
        guard passesWritten < passCount, let next = try pass(passesWritten, waiting) else { return false }
        let rows = try BatchInsert(db, "INSERT INTO spelling(bucket, entries)", columns: 2)
        try next.write(rows)
        passesWritten += 1
        return true
    }
}
