/// A term's number of occurrences in each column of one note (title, body, tags).
struct ColumnCounts: Equatable, Sendable {
    var title: Int32 = 0
    var body: Int32 = 0
    var tags: Int32 = 0

    /// Counts one occurrence in column `column` (0 title, 1 body; any later column as tags, as
    /// ``RowStatisticsFunctions`` counts FTS5's instances).
    @inline(__always)
    mutating func add(column: UInt64) {
        switch column {
        case 0: title += 1
        case 1: body += 1
        default: tags += 1
        }
    }

    /// The phrase frequency FTS5's bm25 sums for the term: each occurrence adds its column's weight.
    var weightedFrequency: Double {
        Double(title) * Schema.rankWeights.title + Double(body) * Schema.rankWeights.body
            + Double(tags) * Schema.rankWeights.tags
    }
}

/// The terms of one note as FTS5 indexes them: each term's counts per column, and each column's size in
/// tokens (what `notes_fts_docsize` records: a token colocated with the previous one does not count).
struct DocumentTerms {
    /// Counts per term (the token's bytes as FTS5 stores them).
    var counts: [String: ColumnCounts] = [:]
    /// Size of each column in tokens (title, body, tags).
    var sizes: [Int] = [0, 0, 0]
    /// The column being tokenized.
    var column = 0

    /// The note's size over all columns: `xColumnSize(-1)`, the `D` of bm25.
    var size: Int { sizes[0] + sizes[1] + sizes[2] }

    /// Records one document token of ``column``.
    mutating func add(token: UnsafePointer<CChar>, length: Int, colocated: Bool) {
        if !colocated || sizes[column] == 0 { sizes[column] += 1 }
        let term = String(decoding: UnsafeRawBufferPointer(start: token, count: length), as: UTF8.self)
        switch column {
        case 0: counts[term, default: ColumnCounts()].title += 1
        case 1: counts[term, default: ColumnCounts()].body += 1
        default: counts[term, default: ColumnCounts()].tags += 1
        }
    }
}

extension TermTokenizer {
    /// The terms of a note with these column values, as FTS5 indexes them.
    func terms(title: String, body: String, tags: String) -> DocumentTerms {
        var terms = DocumentTerms()
        addDocument(title, column: 0, to: &terms)
        addDocument(body, column: 1, to: &terms)
        addDocument(tags, column: 2, to: &terms)
        return terms
    }
}
