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

    private static func highlight(_ apiPointer: UnsafePointer<Fts5ExtensionApi>?, _ fts: OpaquePointer?,
                                  _ context: OpaquePointer?, _ count: Int32,
                                  _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let call = AuxiliaryCall(apiPointer, fts, context, count, values, expected: 3, name: functionName),
              let (text, length) = call.columnText(call.int(0)) else { return }
        let (api, fts, context, column) = (call.api, call.fts, call.context, call.int(0))
        let (open, close) = (call.bytes(1), call.bytes(2))
        let offsets = Offsets()
        var result = withExtendedLifetime(offsets) {
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
        guard result == SQLITE_OK else { sqlite3_result_error_code(context, result); return }

        // Byte ranges of every phrase match in this column.
        var ranges: [(Int32, Int32)] = []
        var instances: Int32 = 0
        result = api.xInstCount?(fts, &instances) ?? SQLITE_ERROR
        guard result == SQLITE_OK else { sqlite3_result_error_code(context, result); return }
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
        let whole = SnippetSpan(bytes: 0..<Int(length), marks: ranges.map { Int($0.0)..<Int($0.1) })
        call.resultText(SnippetWindow.render(UnsafeRawBufferPointer(start: text, count: Int(length)), span: whole,
                                             open: open, close: close, ellipsis: []))
    }
}
