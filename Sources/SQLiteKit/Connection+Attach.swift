import CSQLite

extension Connection {
    /// Attaches the database file at `path` as `schema`, for statements that name its tables as
    /// `schema.table`.
    ///
    /// Read-only (`readOnly`, which needs a connection opened with ``Configuration/acceptsURIs``), the file
    /// takes no part in this connection's write transactions: `BEGIN IMMEDIATE` reserves every attached
    /// database it may write, and a commit then waits for every reader of that file to finish (and fails with
    /// `SQLITE_BUSY` after the busy timeout), even when the transaction only read it.
    ///
    /// ```swift
    /// try db.attach(sidePath, as: "side", readOnly: true)
    /// defer { try? db.execute("DETACH DATABASE side") }
    /// ```
    public func attach(_ path: String, as schema: String, readOnly: Bool = false) throws {
        guard !readOnly || acceptsURIs else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "attaching \(path) read-only needs a connection that accepts URIs")
        }
        let quoted = "\"" + schema.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
        try run("ATTACH DATABASE ?1 AS \(quoted)",
                [.text(readOnly ? Self.uri(path) + "?mode=ro" : acceptsURIs ? Self.uri(path) : path)])
    }

    /// `file:` URI of `path`, every byte but unreserved ones and `/` percent-encoded. An absolute path gets an
    /// empty authority (`file:///tmp/x`): without it, a path starting `//` would read as one (`file://tmp/x`,
    /// host `tmp`, which SQLite refuses).
    static func uri(_ path: String) -> String {
        var text = path.hasPrefix("/") ? "file://" : "file:"
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80 && (character.isLetter || character.isNumber || "/-._~".contains(character)) {
                text.append(character)
            } else {
                text += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return text
    }
}

extension String {
    /// The string with `0` before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(width - count, 0)) + self
    }
}
