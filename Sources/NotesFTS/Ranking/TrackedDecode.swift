import Foundation
import SQLiteKit

/// The complete stored list of a prefix's one tracked expansion (`read` of `read*`), decoded on the second
/// connection (``HelperConnection``) on a thread of its own while the query's connection reads the rare
/// expansions' notes from FTS5's leaves (``PrefixPostings/partsFromLeaves(_:_:limits:)``), into a table by note
/// id (``FrequencyTable``); the same thread then looks those notes up in it. Without it, a pass over the
/// expansion's stored blocks finds them (``PostingStore/frequencies(of:in:_:)``): the same frequencies, but the
/// pass can only start once the rare notes are known, and at 1,000,000 notes it was a third of `read*`
/// (300,000 postings of `read` for 19,441 rare notes). The lookup is made where the table was filled, whose
/// memory is in that core's cache.
///
/// It starts only where the second connection reads the query's snapshot (``HelperConnection/begin(matching:)``),
/// the expansion is in at least ``SearchOptions/decodesTrackedFrom`` notes, and the prefix may have other
/// expansions (``Vocabulary/mayHoldWord(from:below:besides:_:)``; not asked when that option is 0, as tests set
/// it); otherwise the pass is made. With no other expansion there is nothing to look up and no pass to save,
/// but the query still waited for the decode to end before its transaction did: with the decode forced,
/// `backup*` and `payment*` (20,000 notes each at 100,000) took 0.15–0.23 ms longer.
final class TrackedDecode: @unchecked Sendable {
    // Sendable by construction: each side touches the shared fields only between the semaphores' signals (the
    // decoding thread writes `failed` and `found` before it signals `answered`, and reads `wanted` after
    // `requested`), and the second connection (and its room) is used by no one else meanwhile.

    /// The fewest notes of the tracked expansion for which its list is decoded on the second connection. At
    /// 100,000 notes, searches alternated run by run in one process (`notes-bench --topk-profile --topk-ab
    /// decode`) were faster with the decode from about 20,000 notes (`read*`, 30,268 notes of `read`: 1.57 →
    /// 1.40 ms), but with full scoring and `LIKE` between them (`notes-bench --topk`) `read*` took 2.53 / 2.84 ms
    /// decoded against 2.13 / 2.12 passed over; at 1,000,000 (300,000 notes of `read`) it gains a fifth.
    static let minimumDocuments = 50_000

    /// The tracked expansion.
    let term: String
    private let helper: HelperConnection
    private let connection: Connection
    private let requested = DispatchSemaphore(value: 0)
    private let answered = DispatchSemaphore(value: 0)
    /// The notes to look up (`nil`: none, the query went another way).
    private var wanted: [Int64]?
    private var found: (frequencies: [Double], found: Int)?
    private var failed = false
    private var closed = false

    /// The table the list is decoded into, kept with the second connection from query to query (fresh, its
    /// megabyte at 1,000,000 notes would be page faults each time).
    private final class Room {
        var table = FrequencyTable()
    }

    private init(term: String, helper: HelperConnection, connection: Connection) {
        self.term = term
        self.helper = helper
        self.connection = connection
    }

    /// Starts decoding the list of `prefix`'s tracked expansion on the second connection when `prefix` has
    /// exactly one, in at least `options.decodesTrackedFrom` notes, and the second connection can read `db`'s
    /// snapshot; `nil` otherwise. A decode started is closed (``close(_:)``) before `db`'s transaction ends.
    static func start(_ prefix: String, _ db: Connection, options: SearchOptions) throws -> TrackedDecode? {
        guard options.splitsWalks, !prefix.isEmpty, !db.isAutocommit, !db.isWriting else { return nil }
        let tracked = try PrefixPostings.trackedExpansions(prefix, db, limit: 2)
        guard tracked.count == 1, tracked[0].documents >= options.decodesTrackedFrom,
              options.decodesTrackedFrom == 0
                || Vocabulary.mayHoldWord(from: prefix, below: PrefixPostings.upperBound(prefix), besides: tracked[0].term, db)
        else { return nil }
        let helper = HelperConnection.of(db)
        guard let connection = helper.begin(matching: db) else { return nil }
        let decode = TrackedDecode(term: tracked[0].term, helper: helper, connection: connection)
        let documents = tracked[0].documents
        Thread { decode.run(documents) }.start()
        return decode
    }

    private func run(_ documents: Int) {
        let room = connection.attachment("notes-fts.tracked-decode") { Room() }
        do {
            let top = try connection.scalarInt("SELECT max(rowid) FROM notes_fts_docsize").map(Int64.init) ?? -1
            try PostingStore.fill(&room.table, term: term, documents: documents, top: top, connection)
        } catch {
            failed = true
        }
        requested.wait()
        if let wanted, !failed { found = room.table.frequencies(of: wanted) }
        answered.signal()
    }

    /// The frequencies in the tracked expansion's list of the notes `wanted` (ascending) and how many it holds,
    /// found on the decoding thread once it has decoded the list (this waits for it); `nil` when the second
    /// connection failed (busy, out of memory) or decoded another term than `term`, and the caller makes the
    /// pass. Asked once; the decode is closed after it.
    func frequencies(of wanted: [Int64], in term: String, _ db: Connection) -> (frequencies: [Double], found: Int)? {
        guard !closed, term == self.term else { return nil }
        self.wanted = wanted
        close(db)
        return found
    }

    /// Lets the decoding thread finish (with no lookup, if none was asked), waits for it and ends the second
    /// connection's read. Called once the query is done with the list, before `db`'s transaction ends; a
    /// second call does nothing.
    func close(_ db: Connection) {
        guard !closed else { return }
        closed = true
        requested.signal()
        answered.wait()
        helper.end(db)
    }
}
