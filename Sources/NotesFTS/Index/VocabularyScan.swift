import Foundation
import SQLiteKit

/// ``Vocabulary/words(of:)`` read on a thread of its own, through a read-only connection of its own: at the
/// end of a first build (``NoteIndex/finishFirstBuild(_:)``) the writer fills the top-k tables meanwhile,
/// so the scan of `fts5vocab` (it reads every doclist: 1.5 s at 100k notes) runs on the other core. The
/// reader sees the notes as last committed; start it once they are.
final class VocabularyScan: @unchecked Sendable {
    // Sendable by construction: `outcome` is written once by the scanning thread under `lock`, and read
    // only after `done` is signalled.
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<[(term: String, stem: String)], any Error>?
    private var waited = false

    /// Starts reading the words of the index at `path`.
    init(path: String, configuration: Connection.Configuration) {
        Thread.detachNewThread { [self] in
            let result = Result { () throws -> [(term: String, stem: String)] in
                let reader = try NoteIndex.open(path, mode: .readOnly, configuration: configuration)
                defer { reader.close() }
                return try Vocabulary.words(of: reader)
            }
            lock.withLock { outcome = result }
            done.signal()
        }
    }

    /// The words, once read (waits for the thread).
    func words() throws -> [(term: String, stem: String)] {
        try finished().get()
    }

    /// Waits for the thread to end (so no scan outlives the fill that started it, even one that failed).
    func wait() { _ = finished() }

    private func finished() -> Result<[(term: String, stem: String)], any Error> {
        lock.lock()
        let mustWait = !waited
        waited = true
        lock.unlock()
        if mustWait { done.wait() }
        return lock.withLock { outcome ?? .failure(SQLiteError(code: 1, message: "the word list was not read")) }
    }
}
