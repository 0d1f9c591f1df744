import Foundation
import NotesTokenizer
import SQLiteKit

/// ``Vocabulary/words(of:)`` read on a thread of its own, through a read-only connection of its own, and the
/// rows of `spelling` computed from them (``Vocabulary/spellingPasses(terms:pairsPerPass:)``): at the end of a
/// first build (``NoteIndex/finishFirstBuild(_:scan:)``) the writer fills the top-k tables meanwhile, so the scan
/// of `fts5vocab` (it reads every doclist: 1.5 s at 100k notes) and the hashing and sorting of the deletion
/// keys (about 1 s) run on the other core, and the writer only inserts rows. The reader sees the notes as
/// last committed; start it once they are.
///
/// A build with a side writer (``FullTextSideWriter``) scans the index and the side file, one after the other,
/// before and while it splices them: the index's words and the side's together are the words of the spliced
/// index. The splice commits its first step only after ``waitForFirstFile()``, so no snapshot of the index
/// holds back the log while it writes.
final class VocabularyScan: @unchecked Sendable {
    // Sendable by construction: `outcome` is written once by the scanning thread under `lock`, and read
    // only after `done` is signalled.
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private let firstFileRead = DispatchSemaphore(value: 0)
    private let allFilesRead = DispatchSemaphore(value: 0)
    private var outcome: Result<ScannedWords, any Error>?
    private var waited = false

    /// The words of the index, sorted, with their stems, and the passes of `spelling` for them.
    struct ScannedWords {
        var words: [(term: String, stem: String)]
        var spelling: [SpellingPass]
    }

    /// Starts reading the words of the `notes_fts` tables in the files at `paths` (their union, sorted), then
    /// computing their `spelling` rows in passes of at most `spellingPairsPerPass` pairs. `beforeFile` runs on
    /// the scanning thread before each file is opened, with its number (a build waits there until its side
    /// writer has finished the side file).
    init(paths: [String], configuration: Connection.Configuration, spellingPairsPerPass: Int,
         beforeFile: (@Sendable (Int) -> Void)? = nil) {
        Thread.detachNewThread { [self] in
            var signalled = false
            let read = Result { () throws -> [String] in
                var terms: [String] = []
                for (number, path) in paths.enumerated() {
                    beforeFile?(number)
                    let reader = try NoteIndex.open(path, mode: .readOnly, configuration: configuration)
                    let read = try Result { try Vocabulary.terms(of: reader) }.get()
                    reader.close()
                    terms = number == 0 ? read : Self.union(terms, read)
                    if number == 0 {
                        signalled = true
                        firstFileRead.signal()
                    }
                }
                return terms
            }
            if !signalled { firstFileRead.signal() }
            // Before the spelling rows are computed: the splice waits for this, and the top-k scan for the splice.
            allFilesRead.signal()
            let result = read.map { terms in
                ScannedWords(words: terms.map { ($0, PorterStemmer.inflectionStem($0)) },
                             spelling: Vocabulary.spellingPasses(terms: terms, pairsPerPass: spellingPairsPerPass))
            }
            lock.withLock { outcome = result }
            done.signal()
        }
    }

    /// Waits until the first file has been read (or the scan failed).
    func waitForFirstFile() {
        firstFileRead.wait()
        firstFileRead.signal()
    }

    /// Waits until every file has been read (or the scan failed): they may be removed then.
    func waitForAllFiles() {
        allFilesRead.wait()
        allFilesRead.signal()
    }

    /// The union of two lists in FTS5's order (UTF-8 bytes, as `memcmp`), without repeats, in that order.
    static func union(_ left: [String], _ right: [String]) -> [String] {
        func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
        var merged: [String] = []
        merged.reserveCapacity(left.count + right.count)
        var i = left.startIndex, j = right.startIndex
        while i < left.endIndex && j < right.endIndex {
            if precedes(left[i], right[j]) {
                merged.append(left[i]); i += 1
            } else if precedes(right[j], left[i]) {
                merged.append(right[j]); j += 1
            } else {
                merged.append(left[i]); i += 1; j += 1
            }
        }
        merged += left[i...]
        merged += right[j...]
        return merged
    }

    /// The words and their `spelling` passes, once computed (waits for the thread).
    func words() throws -> ScannedWords {
        try finished().get()
    }

    /// The words and their `spelling` passes if they are computed already (else `nil`, without waiting);
    /// rethrows what the scan failed with.
    func wordsIfReady() throws -> ScannedWords? {
        try lock.withLock { outcome }?.get()
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
