import Foundation
import SQLiteKit

/// The read-only connections of one ``NoteIndex``: each search checks one out, uses it alone and checks it
/// back in; a new one is opened when none is idle. In WAL mode they read while the writer writes.
final class ReaderPool: @unchecked Sendable {
    // Sendable by construction: `idle` and `closed` are touched only under `lock`, and a checked-out
    // connection belongs to its caller alone until it is checked in.
    private let path: String
    private let configuration: Connection.Configuration
    private let lock = NSLock()
    private var idle: [Connection] = []
    private var closed = false
    /// Idle connections kept for reuse; more are closed when checked in.
    private let keep = 8

    init(path: String, configuration: Connection.Configuration) {
        self.path = path
        self.configuration = configuration
    }

    /// An idle reader, or a new one.
    func checkOut() throws -> Connection {
        lock.lock()
        if closed {
            lock.unlock()
            throw NotesFTSError.database(path: path, error: SQLiteError(code: 21, message: "the index is closed"))
        }
        if let reader = idle.popLast() {
            lock.unlock()
            return reader
        }
        lock.unlock()
        return try NoteIndex.open(path, mode: .readOnly, configuration: configuration)
    }

    /// Returns `reader` for reuse (or closes it when the pool is closed or full).
    func checkIn(_ reader: Connection) {
        lock.lock()
        defer { lock.unlock() }
        if closed || idle.count >= keep {
            reader.close()
        } else {
            idle.append(reader)
        }
    }

    /// Closes every idle reader; readers in use are closed when checked in.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        for reader in idle { reader.close() }
        idle.removeAll()
    }
}
