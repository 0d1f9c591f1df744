import CSQLite

/// `notes_highlight(notes_fts, column, open, close)`: FTS5's `highlight()` made safe for overlapping tokens.
///
/// The CJK tokenizer's bigrams overlap (`국회`, `회의` share `회`). FTS5's own `highlight()` and `snippet()`
/// (3.40) assume tokens never overlap: when two matches sit at adjacent positions (`국회 OR 회의` in
/// `국회의원`, or `하하` in `하하하`) they copy the rest of the text a second time. This function returns the
/// whole column with the byte ranges of all matches merged first (overlapping or touching ranges become one
/// mark), so `데이터베이스` is marked once and nothing is repeated.
package enum MatchHighlighter {
    /// The SQL name of the auxiliary function.
    package static let functionName = "notes_highlight"

    /// Registers ``functionName`` through `api` (done by ``CJKTokenizer/register(on:)``).
    static func register(_ api: UnsafeMutablePointer<fts5_api>) -> Int32 {
        api.pointee.xCreateFunction(api, functionName, nil, { extensionAPI, fts, context, count, values in
            MatchHighlighter.highlight(extensionAPI, fts, context, count, values)
        }, nil)
    }

    /// Collects the byte offsets of each token position while FTS5 re-tokenizes a column.
    private final class Offsets {
        var starts: [Int32] = []
        var ends: [Int32] = []
    }

    /// An SQLite result code other than `SQLITE_OK`, from one of FTS5's calls.
    private struct Failure: Error {
        let code: Int32
    }

    private static func highlight(_ apiPointer: UnsafePointer<Fts5ExtensionApi>?, _ fts: OpaquePointer?,
                                  _ context: OpaquePointer?, _ count: Int32,
                                  _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let call = AuxiliaryCall(apiPointer, fts, context, count, values, expected: 3, name: functionName),
              let (text, length) = call.columnText(call.int(0)) else { return }
        do {
            let offsets = try tokenOffsets(call.api, call.fts, text: text, length: length)
            let ranges = try matchRanges(call.api, call.fts, column: call.int(0), offsets: offsets)
            let whole = SnippetSpan(bytes: 0..<Int(length), marks: ranges.map { Int($0.0)..<Int($0.1) })
            call.resultText(SnippetWindow.render(UnsafeRawBufferPointer(start: text, count: Int(length)), span: whole,
                                                 open: call.bytes(1), close: call.bytes(2), ellipsis: []))
        } catch let failure as Failure {
            sqlite3_result_error_code(call.context, failure.code)
        } catch {
            sqlite3_result_error_code(call.context, SQLITE_ERROR)
        }
    }

    /// The byte offsets of each token position of `text`, as FTS5 re-tokenizes it (colocated tokens skipped).
    private static func tokenOffsets(_ api: Fts5ExtensionApi, _ fts: OpaquePointer, text: UnsafePointer<CChar>,
                                     length: Int32) throws -> Offsets {
        let offsets = Offsets()
        let result = withExtendedLifetime(offsets) {
            api.xTokenize?(fts, text, length, Unmanaged.passUnretained(offsets).toOpaque()) {
                context, flags, _, _, start, end in
                if flags & FTS5_TOKEN_COLOCATED != 0 { return SQLITE_OK }
                guard let context else { return SQLITE_MISUSE }
                let offsets = Unmanaged<Offsets>.fromOpaque(context).takeUnretainedValue()
                offsets.starts.append(start)
                offsets.ends.append(end)
                return SQLITE_OK
            } ?? SQLITE_ERROR
        }
        guard result == SQLITE_OK else { throw Failure(code: result) }
        return offsets
    }

    /// The byte ranges of every phrase match in `column` (``SnippetWindow/render(_:span:open:close:ellipsis:)``
    /// sorts them and merges overlapping or touching ones).
    private static func matchRanges(_ api: Fts5ExtensionApi, _ fts: OpaquePointer, column: Int32,
                                    offsets: Offsets) throws -> [(Int32, Int32)] {
        var ranges: [(Int32, Int32)] = []
        var instances: Int32 = 0
        let result = api.xInstCount?(fts, &instances) ?? SQLITE_ERROR
        guard result == SQLITE_OK else { throw Failure(code: result) }
        for instance in 0..<instances {
            var phrase: Int32 = 0
            var instanceColumn: Int32 = 0
            var position: Int32 = 0
            guard api.xInst?(fts, instance, &phrase, &instanceColumn, &position) == SQLITE_OK,
                  instanceColumn == column else { continue }
            let last = Int(position) + Int(api.xPhraseSize?(fts, phrase) ?? 1) - 1
            guard position >= 0, last < offsets.starts.count, last >= Int(position) else { continue }
            ranges.append((offsets.starts[Int(position)], offsets.ends[last]))
        }
        return ranges
    }
}
