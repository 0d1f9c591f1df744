import CSQLite

/// One call of an FTS5 auxiliary function (`notes_highlight`, `notes_snippet`…): the checked arguments and
/// the helpers every such function needs.
struct AuxiliaryCall {
    let api: Fts5ExtensionApi
    let fts: OpaquePointer
    let context: OpaquePointer
    let values: UnsafeMutablePointer<OpaquePointer?>

    /// The call, or `nil` after reporting an error when it does not have `expected` arguments.
    init?(_ apiPointer: UnsafePointer<Fts5ExtensionApi>?, _ fts: OpaquePointer?, _ context: OpaquePointer?,
          _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?, expected: Int32, name: String) {
        guard let api = apiPointer?.pointee, let fts, let context else { return nil }
        guard count == expected, let values else {
            sqlite3_result_error(context, "wrong number of arguments to function \(name)()", -1)
            return nil
        }
        (self.api, self.fts, self.context, self.values) = (api, fts, context, values)
    }

    /// Argument `index` as an integer.
    func int(_ index: Int) -> Int32 { sqlite3_value_int(values[index]) }

    /// The UTF-8 bytes of text argument `index` (empty for NULL).
    func bytes(_ index: Int) -> [UInt8] {
        guard let pointer = sqlite3_value_text(values[index]) else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_value_bytes(values[index]))))
    }

    /// The text of `column` in the current row: `nil` after setting the result (an error, or NULL).
    func columnText(_ column: Int32) -> (text: UnsafePointer<CChar>, length: Int32)? {
        var text: UnsafePointer<CChar>?
        var length: Int32 = 0
        let result = api.xColumnText?(fts, column, &text, &length) ?? SQLITE_ERROR
        guard result == SQLITE_OK else { sqlite3_result_error_code(context, result); return nil }
        guard let text else { sqlite3_result_null(context); return nil }
        return (text, length)
    }

    /// Sets the result to `output` as text.
    func resultText(_ output: [UInt8]) {
        var terminated = output
        terminated.append(0)
        terminated.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                sqlite3_result_text(context, characters.baseAddress, Int32(output.count), csqlite_transient())
            }
        }
    }
}
