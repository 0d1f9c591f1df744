import Foundation
import SQLiteKit

/// ``Vocabulary/words(of:)`` read on a thread of its own, through a read-only connection of its own, and the
/// rows of `spelling` computed from them (``Vocabulary/spellingPasses(terms:pairsPerPass:)``): at the end of a
/// first build (``NoteIndex/finishFirstBuild(_:)``) the writer fills the top-k tables meanwhile, so the scan
/// of `fts5vocab` (it reads every doclist: 1.5 s at 100k notes) and the hashing and sorting of the deletion
/// keys (about 1 s) run on the other core, and the writer only inserts rows. The reader sees the notes as
/// last committed; start it once they are.
final class VocabularyScan: @unchecked Sendable {
    // Sendable by construction: `outcome` is written once by the scanning thread under `lock`, and read
    // only after `done` is signalled.
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<ScannedWords, any Error>?
    private var waited = false

    /// The words of the index, sorted, with their stems, and the passes of `spelling` for them.
    struct ScannedWords {
        var words: [(term: String, stem: String)]
        var spelling: [SpellingPass]
    }

    /// Starts reading the words of the index at `path`, then computing their `spelling` rows in passes of at
    /// most `spellingPairsPerPass` pairs.
    init(path: String, configuration: Connection.Configuration, spellingPairsPerPass: Int) {
        Thread.detachNewThread { [self] in
            let result = Result { () throws -> ScannedWords in
                let words = try {
                    let reader = try NoteIndex.open(path, mode: .readOnly, configuration: configuration)
                    defer { reader.close() }
                    return try Vocabulary.words(of: reader)
                }()
                let spelling = Vocabulary.spellingPasses(terms: words.map(\.term), pairsPerPass: spellingPairsPerPass)
                return ScannedWords(words: words, spelling: spelling)
            }
            lock.withLock { outcome = result }
            done.signal()
        }
    }

    /// The words and their `spelling` passes, once computed (waits for the thread).
    func words() throws -> ScannedWords {
        try finished().get()
    }

    /// Waits for the thread to end (so no scan outlives the fill that started it, even one that failed).
    func wait() { _ = finished() }

    private func finished() -> Result<ScannedWords, any Error> {
        lock.lock()
        let mustWait = !waited
        waited = true
        lock.unlock()
        if mustWait { done.wait() }
        return lock.withLock { outcome ?? .failure(SQLiteError(code: 1, message: "the word list was not read")) }
    }
}
