import CSQLite
import NotesTokenizer
import SQLiteKit

/// `notes_topk_collect(notes_fts)`: offers the current row to the ``ImpactHeap`` being filled, with the
/// weighted frequency bm25 sums for a one-phrase query (each instance adds its column's weight,
/// ``Schema/rankWeights``), read from FTS5's own position lists, and the row's size from ``DocumentSizes``.
///
/// The side-table build steps `SELECT notes_topk_collect(notes_fts) FROM notes_fts WHERE notes_fts MATCH 'term'`
/// once per candidate term: one pass over the term's doclist, nothing tokenized again, no column read back.
final class ImpactCollector {
    /// The SQL name of the auxiliary function.
    static let functionName = "notes_topk_collect"

    /// The heap being filled (set by the build around each query).
    var heap: ImpactHeap?
    /// The term's complete posting list, filled in the same pass (set by the build around each query).
    var postings = PostingList()
    /// Note sizes for the heap (set by the build).
    var sizes: DocumentSizes?

    /// Registers the function on the connection `handle`, reporting to this collector (which the connection
    /// keeps alive); returns an SQLite result code.
    func register(on handle: OpaquePointer) -> Int32 {
        guard let api = FTS5API.of(handle) else { return SQLITE_ERROR }
        let box = Unmanaged.passRetained(self).toOpaque()
        let result = api.pointee.xCreateFunction(api, Self.functionName, box, { extensionAPI, fts, context, _, _ in
            guard let api = extensionAPI?.pointee, let fts, let context, let user = api.xUserData?(fts) else { return }
            let collector = Unmanaged<ImpactCollector>.fromOpaque(user).takeUnretainedValue()
            let result = collector.collect(api, fts)
            if result == SQLITE_OK { sqlite3_result_int(context, 0) } else { sqlite3_result_error_code(context, result) }
        }, { box in
            if let box { Unmanaged<ImpactCollector>.fromOpaque(box).release() }
        })
        if result != SQLITE_OK { Unmanaged<ImpactCollector>.fromOpaque(box).release() }
        return result
    }

    private func collect(_ api: Fts5ExtensionApi, _ fts: OpaquePointer) -> Int32 {
        var frequency = 0.0
        let result = RowStatisticsFunctions.weightedFrequency(api, fts, &frequency)
        guard result == SQLITE_OK, let rowid = api.xRowid?(fts) else { return result == SQLITE_OK ? SQLITE_ERROR : result }
        add(rowid, frequency: frequency)
        return SQLITE_OK
    }

    /// Offers note `id`, holding the term with weighted frequency `frequency`, to the heap and the postings.
    func add(_ id: Int64, frequency: Double) {
        let size = sizes?[id] ?? 0
        heap?.add(note: id, frequency: frequency, size: size)
        postings.append(id: id, frequency: frequency, size: size)
    }
}
