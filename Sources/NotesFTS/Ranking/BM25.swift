import Foundation

/// FTS5's bm25 (`fts5Bm25Function` in SQLite's `ext/fts5/fts5_aux.c`), term by term, with the same operations
/// in the same order so that the scores the top-k path computes equal FTS5's to the last bit.
///
/// For a query of phrases `p`, a row scores `Σ idf(p) · f·(k1+1) / (f + k1·(1 − b + b·D/avgdl))`, where `f` is
/// the sum of the column weights over the phrase's instances in the row, `D` the row's size in tokens (all
/// columns), `avgdl` the total size over the row count, and `idf(p) = log((N − n + 0.5) / (n + 0.5))`
/// (at least 1e-6) with `n` the number of rows the phrase matches. FTS5 returns the negation; the
/// library reports the positive score.
enum BM25 {
    static let k1 = 1.2
    static let b = 0.75

    /// The inverse document frequency of a phrase matched by `hits` of `rows` rows.
    static func idf(rows: Int64, hits: Int64) -> Double {
        let value = log((Double(rows - hits) + 0.5) / (Double(hits) + 0.5))
        return value <= 0 ? 1e-6 : value
    }

    /// `f·(k1+1) / (f + k1·(1 − b + b·D/avgdl))`: the part of a phrase's score that varies by row. It rises with
    /// `f` and falls with `D` for every positive `avgdl`.
    static func saturation(frequency f: Double, size: Int, averageSize avgdl: Double) -> Double {
        let d = Double(size)
        return (f * (k1 + 1.0)) / (f + k1 * (1 - b + b * d / avgdl))
    }
}

/// The collection statistics bm25 reads: FTS5's row count and total size (its "averages" record).
struct FullTextTotals: Equatable, Sendable {
    /// `xRowCount`: rows in `notes_fts`.
    var rows: Int64
    /// `xColumnTotalSize(-1)`: tokens over all rows and columns.
    var tokens: Int64

    /// `avgdl`, computed as FTS5 does.
    var averageSize: Double { Double(tokens) / Double(rows) }

    /// Decodes the averages record (`notes_fts_data` row 1): SQLite varints, the row count then one total per
    /// column.
    init?(averagesRecord bytes: [UInt8], columns: Int = 3) {
        var offset = 0
        guard let rows = Self.varint(bytes, &offset) else { return nil }
        var tokens: Int64 = 0
        for _ in 0..<columns {
            guard let size = Self.varint(bytes, &offset) else { return nil }
            tokens += size
        }
        self.rows = rows
        self.tokens = tokens
    }

    init(rows: Int64, tokens: Int64) {
        self.rows = rows
        self.tokens = tokens
    }

    /// One SQLite-format varint (big-endian groups of 7 bits, a 9th byte of 8 bits) at `offset`.
    static func varint(_ bytes: [UInt8], _ offset: inout Int) -> Int64? {
        bytes.withUnsafeBufferPointer { Varint.read($0, &offset) }.map { Int64(bitPattern: $0) }
    }
}
