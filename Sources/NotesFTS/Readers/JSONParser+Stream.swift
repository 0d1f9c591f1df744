extension JSONParser {
    /// Where a document's notes were found.
    enum NoteLayout: Equatable {
        /// Elements of a top-level array.
        case array
        /// Elements of the array under this key of the top-level object (`notes`, `activeNotes`, `entries`…).
        case wrapped(String)
        /// The top-level object is itself the one note.
        case single
    }

    /// Hands out the note objects of a document one at a time, never holding more than one in memory: the
    /// elements of a top-level array, or of the array under the first of `wrapperKeys` met in the top-level
    /// object (the values under `ignoredKeys`, such as Simplenote's `trashedNotes`, are skipped unread), or
    /// else the top-level object itself. `element` gets each value, the line it starts on and the layout.
    /// An empty document (no bytes, or only white space) holds no notes, as an empty array holds none.
    mutating func streamNotes(wrapperKeys: Set<String>, ignoredKeys: Set<String>,
                              _ element: (JSONNode, Int, NoteLayout) throws -> Void) throws {
        guard let first = peek() else { return }
        if first == UInt8(ascii: "[") {
            try elementsOfArray { parser, line in try element(try parser.value(depth: 1), line, .array) }
            try expectEnd()
            return
        }
        guard first == UInt8(ascii: "{") else {
            throw NoteReadError("expected a note object or an array of notes, found \(try value().kind)")
        }
        let line = line()
        var fields: [String: JSONNode] = [:]
        var streamed = false
        try members { parser, key in
            if !streamed && wrapperKeys.contains(key) && parser.peek() == UInt8(ascii: "[") {
                streamed = true
                try parser.elementsOfArray(depth: 1) { parser, line in
                    try element(try parser.value(depth: 2), line, .wrapped(key))
                }
            } else if ignoredKeys.contains(key) {
                try parser.skipValue(depth: 1)
            } else {
                fields[key] = try parser.value(depth: 1)
            }
        }
        try expectEnd()
        if !streamed { try element(.object(fields), line, .single) }
    }
}
