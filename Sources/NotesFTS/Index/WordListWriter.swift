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
    /// The passes of `spelling`, computed beforehand (``Vocabulary/spellingPasses(terms:pairsPerPass:)``), or
    /// `nil`: then each pass is computed when it is written, so only one is in memory.
    private let passes: [SpellingPass]?
    private let passCount: UInt64
    /// The words and their lengths, for passes computed here.
    private var terms: [String] = []
    private var lengths: [Int] = []
    private var wordsWritten = 0
    private var passesWritten: UInt64 = 0

    /// Prepares to write `words` (sorted, in FTS5's order) and their `spelling` rows: the passes given, else
    /// passes of at most `spellingPairsPerPass` pairs computed as they are written.
    init(words: [(term: String, stem: String)], wordsPerStep: Int = Vocabulary.wordsPerStep,
         spelling: [SpellingPass]? = nil, spellingPairsPerPass: Int = Vocabulary.spellingPairsPerPass) {
        self.words = words
        self.wordsPerStep = max(wordsPerStep, 1)
        passes = spelling
        passCount = spelling.map { UInt64($0.count) }
            ?? Vocabulary.spellingPassCount(terms: words.count, pairsPerPass: spellingPairsPerPass)
    }

    /// Whether every part is written.
    var isFinished: Bool { wordsWritten == words.count && passesWritten == passCount }

    /// Writes the next part (inside the caller's transaction); `false` when there was none left.
    mutating func writeNext(_ db: Connection) throws -> Bool {
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
        guard passesWritten < passCount else { return false }
        let rows = try BatchInsert(db, "INSERT INTO spelling(bucket, entries)", columns: 2)
        if let passes {
            try passes[Int(passesWritten)].write(rows)
        } else {
            if terms.count != words.count {
                terms = words.map(\.term)
                lengths = terms.map { $0.utf8.count }
            }
            try Vocabulary.spellingPass(passesWritten, of: passCount, terms: terms, lengths: lengths).write(rows)
        }
        passesWritten += 1
        return true
    }
}
