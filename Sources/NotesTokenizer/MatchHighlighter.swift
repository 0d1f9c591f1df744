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
        guard let api = apiPointer?.pointee, let fts, let context else { return }
        guard count == 3, let values else {
            sqlite3_result_error(context, "wrong number of arguments to function \(functionName)()", -1)
            return
        }
        let column = sqlite3_value_int(values[0])
        let open = sqlite3_value_text(values[1]).map { String(cString: $0) } ?? ""
        let close = sqlite3_value_text(values[2]).map { String(cString: $0) } ?? ""

        var text: UnsafePointer<CChar>?
        var length: Int32 = 0
        var result = api.xColumnText?(fts, column, &text, &length) ?? SQLITE_ERROR
        guard result == SQLITE_OK else { sqlite3_result_error_code(context, result); return }
        guard let text else { sqlite3_result_null(context); return }

        let offsets = Offsets()
        result = withExtendedLifetime(offsets) {
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
        ranges.sort { $0.0 < $1.0 }
        var merged: [(Int32, Int32)] = []
        for range in ranges {
            if let previous = merged.last, range.0 <= previous.1 {
                merged[merged.count - 1].1 = max(previous.1, range.1)
            } else {
                merged.append(range)
            }
        }

        let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
        var output: [UInt8] = []
        output.reserveCapacity(Int(length) + merged.count * (open.utf8.count + close.utf8.count))
        var cursor = 0
        for (start, end) in merged where Int(start) >= cursor && Int(end) <= bytes.count {
            output += bytes[cursor..<Int(start)]
            output += open.utf8
            output += bytes[Int(start)..<Int(end)]
            output += close.utf8
            cursor = Int(end)
        }
        output += bytes[cursor...]
        let byteCount = Int32(output.count)
        output.append(0)
        output.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                sqlite3_result_text(context, characters.baseAddress, byteCount, csqlite_transient())
            }
        }
    }
}
