import CSQLite
import NotesTokenizer
import SQLiteKit

/// Two auxiliary functions the top-k path reads FTS5's own statistics with, row by row:
/// `notes_phrase_frequency(notes_fts)`, the weighted frequency bm25 sums for a one-phrase query in the current
/// row (each instance adds its column's weight, ``Schema/rankWeights``), and `notes_row_size(notes_fts)`,
/// the row's size in tokens (`xColumnSize(-1)`).
enum RowStatisticsFunctions {
    static let frequency = "notes_phrase_frequency"
    static let size = "notes_row_size"

    /// Registers both on the connection `handle`; returns an SQLite result code.
    static func register(on handle: OpaquePointer) -> Int32 {
        guard let api = FTS5API.of(handle) else { return SQLITE_ERROR }
        let result = api.pointee.xCreateFunction(api, frequency, nil, { extensionAPI, fts, context, _, _ in
            guard let api = extensionAPI?.pointee, let fts, let context else { return }
            var value = 0.0
            let result = RowStatisticsFunctions.weightedFrequency(api, fts, &value)
            if result == SQLITE_OK { sqlite3_result_double(context, value) } else { sqlite3_result_error_code(context, result) }
        }, nil)
        guard result == SQLITE_OK else { return result }
        return api.pointee.xCreateFunction(api, size, nil, { extensionAPI, fts, context, _, _ in
            guard let api = extensionAPI?.pointee, let fts, let context else { return }
            var tokens: Int32 = 0
            let result = api.xColumnSize?(fts, -1, &tokens) ?? SQLITE_ERROR
            if result == SQLITE_OK { sqlite3_result_int(context, tokens) } else { sqlite3_result_error_code(context, result) }
        }, nil)
    }

    /// The weighted frequency of the current row's instances (all phrases: the callers match one phrase).
    static func weightedFrequency(_ api: Fts5ExtensionApi, _ fts: OpaquePointer, _ value: inout Double) -> Int32 {
        var count: Int32 = 0
        var result = api.xInstCount?(fts, &count) ?? SQLITE_ERROR
        var index: Int32 = 0
        while result == SQLITE_OK && index < count {
            var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
            result = api.xInst?(fts, index, &phrase, &column, &offset) ?? SQLITE_ERROR
            switch column {
            case 0: value += Schema.rankWeights.title
            case 1: value += Schema.rankWeights.body
            default: value += Schema.rankWeights.tags
            }
            index += 1
        }
        return result
    }
}
