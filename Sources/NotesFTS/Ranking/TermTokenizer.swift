import CSQLite
import Foundation
import NotesTokenizer
import SQLiteKit

/// Tokenizes text exactly as `notes_fts` does: the index's own tokenizer, found through the connection's
/// `fts5_api` and created with the same arguments, so the terms, counts and sizes the ranking tables hold are
/// the ones FTS5 indexed (``RankingTables``).
///
/// One instance is not thread-safe (the wrapped `unicode61` folds into a scratch buffer); make one per thread.
final class TermTokenizer {
    private let methods: fts5_tokenizer
    private let instance: OpaquePointer
    /// Whether the tokenizer reads ASCII text as ``scanReadingASCII(_:matcher:)`` does (the index's two tokenizers).
    let readsASCIIWords: Bool

    /// Creates the tokenizer `tokenizeOption` names (`notes_cjk_v1 remove_diacritics 2`, `unicode61 …`),
    /// registered on the connection `handle`.
    init(handle: OpaquePointer, tokenizeOption: String) throws {
        guard let api = FTS5API.of(handle) else {
            throw SQLiteError(code: SQLITE_ERROR, message: "FTS5 is not available")
        }
        let words = tokenizeOption.split(separator: " ").map(String.init)
        guard let name = words.first else { throw SQLiteError(code: SQLITE_ERROR, message: "no tokenizer named") }
        var context: UnsafeMutableRawPointer?
        var found = fts5_tokenizer()
        var result = api.pointee.xFindTokenizer(api, name, &context, &found)
        guard result == SQLITE_OK, let create = found.xCreate else {
            throw SQLiteError(code: result == SQLITE_OK ? SQLITE_ERROR : result, message: "no tokenizer \(name)")
        }
        let arguments = words.dropFirst().map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        var pointers = arguments.map { UnsafePointer<CChar>($0) }
        var created: OpaquePointer?
        result = pointers.withUnsafeMutableBufferPointer { buffer in
            create(context, buffer.baseAddress, Int32(buffer.count), &created)
        }
        guard result == SQLITE_OK, let created else {
            throw SQLiteError(code: result == SQLITE_OK ? SQLITE_ERROR : result, message: "cannot create tokenizer \(name)")
        }
        methods = found
        instance = created
        readsASCIIWords = Self.asciiWordOptions.contains(tokenizeOption)
    }

    deinit { methods.xDelete?(instance) }

    /// Adds the document tokens of `text` (column `column` of a note) to `terms`, as FTS5's insert does:
    /// every token counts towards its term, and every token not colocated with the previous one towards
    /// the column's size.
    func addDocument(_ text: String, column: Int, to terms: inout DocumentTerms) {
        var copy = text
        copy.withUTF8 { bytes in
            guard bytes.count > 0, let base = bytes.baseAddress else { return }
            withUnsafeMutablePointer(to: &terms) { pointer in
                pointer.pointee.column = column
                _ = methods.xTokenize?(instance, UnsafeMutableRawPointer(pointer), FTS5_TOKENIZE_DOCUMENT,
                                       UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(bytes.count)) {
                    context, flags, token, length, _, _ in
                    guard let context, let token else { return SQLITE_OK }
                    let terms = context.assumingMemoryBound(to: DocumentTerms.self)
                    terms.pointee.add(token: token, length: Int(min(length, 32768)), colocated: flags & FTS5_TOKEN_COLOCATED != 0)
                    return SQLITE_OK
                }
            }
        }
    }

    /// The tokens of `text` (a column's bytes, as FTS5 reads them from the content table) and the instances
    /// of `matcher`'s phrases among them (``PhraseScan``), tokenized by the tokenizer as FTS5 tokenizes a
    /// document, whatever the text; `nil` when the tokenizer failed. ``scanReadingASCII(_:matcher:)`` and
    /// ``locate(_:phrases:)`` read runs of ASCII letters and digits without it.
    func tokenizerScan(_ text: UnsafeRawBufferPointer, matcher: PhraseMatcher) -> PhraseScan? {
        var scan = PhraseScan(matcher: matcher, expectedTokens: text.count / 6)
        return feed(text, from: 0, to: text.count, into: &scan) ? scan : nil
    }

    /// Adds the tokens of `text[start..<end]` to `scan`, tokenized as FTS5 tokenizes a document, with their
    /// offsets in `text`; `false` when the tokenizer failed.
    func feed(_ text: UnsafeRawBufferPointer, from start: Int, to end: Int, into scan: inout PhraseScan) -> Bool {
        guard end > start, let base = text.baseAddress else { return true }
        let result = withUnsafeMutablePointer(to: &scan) { pointer in
            var feed = ScanFeed(scan: pointer, shift: Int32(start))
            return withUnsafeMutablePointer(to: &feed) { feed in
                methods.xTokenize?(instance, UnsafeMutableRawPointer(feed), FTS5_TOKENIZE_DOCUMENT,
                                   (base + start).assumingMemoryBound(to: CChar.self), Int32(end - start)) {
                    context, flags, token, length, start, end in
                    guard let context, let token else { return SQLITE_OK }
                    let feed = context.assumingMemoryBound(to: ScanFeed.self).pointee
                    // FTS5 keeps the first 32,768 bytes of a longer token, as ``addDocument`` counts it.
                    feed.scan.pointee.add(token: UnsafeRawBufferPointer(start: token, count: Int(min(length, 32768))),
                                          start: start + feed.shift, end: end + feed.shift,
                                          colocated: flags & FTS5_TOKEN_COLOCATED != 0)
                    return SQLITE_OK
                } ?? SQLITE_ERROR
            }
        }
        return result == SQLITE_OK
    }

    /// Calls `body` with each token of `text[start..<end]` as FTS5 tokenizes a document (its bytes, at most
    /// 32,768 as FTS5 keeps them, and whether it is colocated with the token before); `false` when the tokenizer
    /// failed. What ``PhrasePairs`` reads a run holding a byte beyond ASCII with.
    func forEachToken(_ text: UnsafeRawBufferPointer, from start: Int, to end: Int,
                      _ body: (UnsafeRawBufferPointer, Bool) -> Void) -> Bool {
        guard end > start, let base = text.baseAddress else { return true }
        return withoutActuallyEscaping(body) { body in
            var each = TokenEach(body: body)
            let result = withUnsafeMutablePointer(to: &each) { pointer in
                methods.xTokenize?(instance, UnsafeMutableRawPointer(pointer), FTS5_TOKENIZE_DOCUMENT,
                                   (base + start).assumingMemoryBound(to: CChar.self), Int32(end - start)) {
                    context, flags, token, length, _, _ in
                    guard let context, let token else { return SQLITE_OK }
                    context.assumingMemoryBound(to: TokenEach.self).pointee.body(
                        UnsafeRawBufferPointer(start: token, count: Int(min(length, 32768))), flags & FTS5_TOKEN_COLOCATED != 0)
                    return SQLITE_OK
                } ?? SQLITE_ERROR
            }
            return result == SQLITE_OK
        }
    }

    /// The query tokens of `text` (how FTS5 reads a quoted string in a MATCH expression; `prefix` for one
    /// followed by `*`), or `nil` when tokenizing failed or produced colocated alternatives.
    func queryTokens(_ text: String, prefix: Bool = false) -> [String]? {
        var list = QueryTokenList()
        var copy = text
        let flags = FTS5_TOKENIZE_QUERY | (prefix ? FTS5_TOKENIZE_PREFIX : 0)
        let result: Int32 = copy.withUTF8 { bytes in
            guard bytes.count > 0, let base = bytes.baseAddress else { return SQLITE_OK }
            return withUnsafeMutablePointer(to: &list) { pointer in
                methods.xTokenize?(instance, UnsafeMutableRawPointer(pointer), flags,
                                   UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(bytes.count)) {
                    context, flags, token, length, _, _ in
                    guard let context, let token else { return SQLITE_OK }
                    let list = context.assumingMemoryBound(to: QueryTokenList.self)
                    if flags & FTS5_TOKEN_COLOCATED != 0 { list.pointee.colocated = true }
                    let bytes = UnsafeRawBufferPointer(start: token, count: Int(length))
                    list.pointee.tokens.append(String(decoding: bytes, as: UTF8.self))
                    return SQLITE_OK
                } ?? SQLITE_ERROR
            }
        }
        return result == SQLITE_OK && !list.colocated ? list.tokens : nil
    }
}

/// What ``TermTokenizer/feed(_:from:to:into:)`` hands the tokenizer's callback: the scan, and the offset of
/// the slice tokenized in the column.
private struct ScanFeed {
    let scan: UnsafeMutablePointer<PhraseScan>
    let shift: Int32
}

/// What ``TermTokenizer/forEachToken(_:from:to:_:)`` hands the tokenizer's callback.
private struct TokenEach {
    let body: (UnsafeRawBufferPointer, Bool) -> Void
}

/// What ``TermTokenizer/queryTokens(_:prefix:)`` collects.
private struct QueryTokenList {
    var tokens: [String] = []
    var colocated = false
}
