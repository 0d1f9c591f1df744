import CSQLite

/// The FTS5 auxiliary functions behind search snippets, linear in the note's size (``SnippetWindow``):
///
/// - `notes_snippet(notes_fts, column, open, close, ellipsis, tokens)`: like FTS5's `snippet()` for one
///   column (the first `tokens` tokens when the column has no match), safe for overlapping bigram matches;
/// - `notes_match_line(notes_fts, column)`: how many newlines precede the column's first match (`NULL` when
///   it has none), so a result can name the line to jump to without marking the whole column.
package enum SnippetFunction {
    /// The SQL name of the snippet function.
    package static let snippetName = "notes_snippet"
    /// The SQL name of the line function.
    package static let lineName = "notes_match_line"

    /// Registers both functions through `api` (done by ``CJKTokenizer/register(on:)``).
    static func register(_ api: UnsafeMutablePointer<fts5_api>) -> Int32 {
        let result = api.pointee.xCreateFunction(api, snippetName, nil, { extensionAPI, fts, context, count, values in
            SnippetFunction.snippet(extensionAPI, fts, context, count, values)
        }, nil)
        guard result == SQLITE_OK else { return result }
        return api.pointee.xCreateFunction(api, lineName, nil, { extensionAPI, fts, context, count, values in
            SnippetFunction.matchLine(extensionAPI, fts, context, count, values)
        }, nil)
    }

    /// The column's matches, in position order, at most ``SnippetWindow/matchLimit`` of them.
    static func matches(_ api: Fts5ExtensionApi, _ fts: OpaquePointer, column: Int32) -> [SnippetMatch]? {
        var instances: Int32 = 0
        guard api.xInstCount?(fts, &instances) == SQLITE_OK else { return nil }
        var found: [SnippetMatch] = []
        var instance: Int32 = 0
        while instance < instances && found.count < SnippetWindow.matchLimit {
            defer { instance += 1 }
            var (phrase, instanceColumn, position): (Int32, Int32, Int32) = (0, 0, 0)
            guard api.xInst?(fts, instance, &phrase, &instanceColumn, &position) == SQLITE_OK else { return nil }
            guard instanceColumn == column, position >= 0 else { continue }
            found.append(SnippetMatch(phrase: Int(phrase), position: Int(position),
                                      length: Int(api.xPhraseSize?(fts, phrase) ?? 1)))
        }
        // FTS5 lists instances by column then offset; sort anyway, it costs nothing on sorted input.
        found.sort { $0.position < $1.position }
        return found
    }

    /// Feeds `span` the column's tokens (colocated ones skipped) until it has its window.
    static func collect(_ api: Fts5ExtensionApi, _ fts: OpaquePointer, text: UnsafePointer<CChar>, length: Int32,
                        into span: inout SnippetSpan) -> Int32 {
        let stop = SQLITE_DONE
        let result = withUnsafeMutablePointer(to: &span) { pointer in
            api.xTokenize?(fts, text, length, UnsafeMutableRawPointer(pointer)) { context, flags, _, _, start, end in
                if flags & FTS5_TOKEN_COLOCATED != 0 { return SQLITE_OK }
                guard let context else { return SQLITE_MISUSE }
                let span = context.assumingMemoryBound(to: SnippetSpan.self)
                return span.pointee.add(start: Int(start), end: Int(end)) ? SQLITE_OK : SQLITE_DONE
            } ?? SQLITE_ERROR
        }
        return result == stop ? SQLITE_OK : result
    }

    private static func snippet(_ apiPointer: UnsafePointer<Fts5ExtensionApi>?, _ fts: OpaquePointer?,
                                _ context: OpaquePointer?, _ count: Int32,
                                _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let call = AuxiliaryCall(apiPointer, fts, context, count, values, expected: 5, name: snippetName),
              let (text, length) = call.columnText(call.int(0)) else { return }
        guard let found = matches(call.api, call.fts, column: call.int(0)) else {
            sqlite3_result_error_code(call.context, SQLITE_ERROR)
            return
        }
        do {
            let output = try ColumnSnippet.render(UnsafeRawBufferPointer(start: text, count: Int(length)), matches: found,
                                                  tokens: Int(call.int(4)), open: call.bytes(1), close: call.bytes(2),
                                                  ellipsis: call.bytes(3)) { span in
                collect(call.api, call.fts, text: text, length: length, into: &span)
            }
            call.resultText(output)
        } catch {
            sqlite3_result_error_code(call.context, error.code)
        }
    }

    private static func matchLine(_ apiPointer: UnsafePointer<Fts5ExtensionApi>?, _ fts: OpaquePointer?,
                                  _ context: OpaquePointer?, _ count: Int32,
                                  _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let call = AuxiliaryCall(apiPointer, fts, context, count, values, expected: 1, name: lineName),
              let (text, length) = call.columnText(call.int(0)) else { return }
        let found = matches(call.api, call.fts, column: call.int(0)) ?? []
        let newlines = ColumnSnippet.newlinesBeforeFirstMatch(UnsafeRawBufferPointer(start: text, count: Int(length)),
                                                              matches: found) { span in
            collect(call.api, call.fts, text: text, length: length, into: &span)
        }
        if let newlines { sqlite3_result_int64(call.context, newlines) } else { sqlite3_result_null(call.context) }
    }
}
