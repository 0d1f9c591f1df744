import Foundation
import NotesTokenizer
import SQLiteKit

/// ``Vocabulary/words(of:)`` read on a thread of its own, through a read-only connection of its own, and the
/// rows of `spelling` computed from them one pass at a time (``Vocabulary/spellingPass(_:of:terms:lengths:)``):
/// at the end of a first build (``NoteIndex/finishFirstBuild(_:scan:)``) the writer fills the top-k tables
/// meanwhile, so the scan of `fts5vocab` (it reads every doclist: 1.2 s at 100k notes) and the hashing and
/// sorting of the deletion keys (about 1 s) run on the other core, and the writer only inserts rows. The
/// words are handed out as soon as they are read, and each pass as soon as it is computed, so the writer can
/// write them whenever it waits for the top-k scan (``WordListWriter``). The reader sees the notes as last
/// committed; start it once they are.
///
/// A build with a side writer (``FullTextSideWriter``) scans the index and the side file, one after the other,
/// before and while it splices them: the index's words and the side's together are the words of the spliced
/// index. The splice commits its first step only after ``waitForFirstFile()``, so no snapshot of the index
/// holds back the log while it writes.
final class VocabularyScan: @unchecked Sendable {
    // Sendable by construction: every field below `state` is read and written under it.
    private let state = NSCondition()
    private var firstFileRead = false
    private var allFilesRead = false
    private var scanned: [(term: String, stem: String)]?
    /// The passes of `spelling` computed and not yet taken (``spellingPass(_:waiting:)``), by number.
    private var passes: [UInt64: SpellingPass] = [:]
    private var passesComputed: UInt64 = 0
    private var failure: (any Error)?
    private var finished = false
    private var cancelled = false
    private let pairsPerPass: Int

    /// Starts reading the words of the `notes_fts` tables in the files at `paths` (their union, sorted), then
    /// computing their `spelling` rows in passes of at most `spellingPairsPerPass` pairs. `beforeFile` runs on
    /// the scanning thread before each file is opened, with its number (a build waits there until its side
    /// writer has finished the side file).
    init(paths: [String], configuration: Connection.Configuration, spellingPairsPerPass: Int,
         beforeFile: (@Sendable (Int) -> Void)? = nil) {
        pairsPerPass = spellingPairsPerPass
        Thread.detachNewThread { [self] in
            do {
                var terms: [String] = []
                for (number, path) in paths.enumerated() {
                    beforeFile?(number)
                    let reader = try NoteIndex.open(path, mode: .readOnly, configuration: configuration)
                    let read = try Result { try Vocabulary.terms(of: reader) }.get()
                    reader.close()
                    terms = number == 0 ? read : Self.union(terms, read)
                    if number == 0 { update { firstFileRead = true } }
                }
                // Before the stems and the spelling rows are computed: the splice waits for this.
                update { allFilesRead = true }
                let stemmed = terms.map { ($0, PorterStemmer.inflectionStem($0)) }
                update { scanned = stemmed }
                let lengths = terms.map { $0.utf8.count }
                let count = Vocabulary.spellingPassCount(terms: terms.count, pairsPerPass: pairsPerPass)
                for number in 0..<count {
                    if state.withLock({ cancelled }) { break }
                    let pass = Vocabulary.spellingPass(number, of: count, terms: terms, lengths: lengths)
                    update {
                        passes[number] = pass
                        passesComputed = number + 1
                    }
                }
                update { finished = true }
            } catch {
                update {
                    failure = error
                    finished = true
                }
            }
        }
    }

    /// Changes the state under its lock and wakes every waiter.
    private func update(_ change: () -> Void) {
        state.lock()
        change()
        state.broadcast()
        state.unlock()
    }

    /// Waits, under the lock, until `ready` holds or the scan has ended, then returns `value`.
    private func waitFor<T>(_ ready: () -> Bool, _ value: () throws -> T) rethrows -> T {
        state.lock()
        defer { state.unlock() }
        while !ready() && !finished { state.wait() }
        return try value()
    }

    /// Waits until the first file has been read (or the scan failed).
    func waitForFirstFile() {
        waitFor({ firstFileRead }) {}
    }

    /// Waits until every file has been read (or the scan failed): they may be removed then.
    func waitForAllFiles() {
        waitFor({ allFilesRead }) {}
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

    /// The words, sorted, with their stems (waits until they are read); rethrows what the scan failed with.
    func words() throws -> [(term: String, stem: String)] {
        try waitFor({ scanned != nil }) { try wordsRead() }
    }

    /// The words if they are read already (else `nil`, without waiting); rethrows what the scan failed with.
    func wordsIfReady() throws -> [(term: String, stem: String)]? {
        try state.withLock { scanned == nil && failure == nil ? nil : try wordsRead() }
    }

    /// Under the lock: the words, or the scan's failure.
    private func wordsRead() throws -> [(term: String, stem: String)] {
        if let failure { throw failure }
        guard let scanned else { throw SQLiteError(code: 1, message: "the word list was not read") }
        return scanned
    }

    /// How many passes of `spelling` the words make (``Vocabulary/spellingPassCount(terms:pairsPerPass:)``).
    func spellingPassCount(words count: Int) -> UInt64 {
        Vocabulary.spellingPassCount(terms: count, pairsPerPass: pairsPerPass)
    }

    /// Pass `number` of `spelling`, handed over once (the scan keeps no copy): waits until it is computed when
    /// `waiting`, else `nil` while it is not. Passes are computed in order.
    func spellingPass(_ number: UInt64, waiting: Bool) throws -> SpellingPass? {
        state.lock()
        defer { state.unlock() }
        while waiting && passesComputed <= number && !finished { state.wait() }
        if let failure { throw failure }
        if let pass = passes.removeValue(forKey: number) { return pass }
        if !waiting && !finished && passesComputed <= number { return nil }
        throw SQLiteError(code: 1, message: "pass \(number) of the spelling rows is not there (not computed, or taken already)")
    }

    /// Stops computing passes no one will take, and waits for the thread to end (so no scan outlives the fill
    /// that started it, even one that failed).
    func wait() {
        update { cancelled = true }
        waitFor({ finished }) {}
    }
}
