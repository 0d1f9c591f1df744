/// A small JSON parser over UTF-8 bytes that can hand out a document piece by piece, so a file of a million
/// notes is read one note at a time instead of as one tree (see ``JSONParser+Stream``).
///
/// Follows RFC 8259 (no comments, no trailing commas, no raw control characters inside strings), and keeps
/// track of the line it is on so readers can say where a note starts and where a syntax error is.
struct JSONParser {
    /// A syntax error: what was expected and the 1-based line it was met on.
    struct SyntaxError: Error, Equatable {
        /// What was wrong, e.g. `expected ',' or ']'`.
        var message: String
        /// The 1-based line of the offending byte.
        var line: Int
    }

    let bytes: [UInt8]
    let end: Int
    /// The next byte to read.
    var position: Int
    private var countedLine = 1
    private var countedUpTo: Int
    /// How deep arrays and objects may nest before the input is refused (no stack overflow on hostile input).
    static let maximumDepth = 512

    /// A parser over `bytes[start..<end]`.
    init(bytes: [UInt8], start: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.end = end ?? bytes.count
        position = start
        countedUpTo = start
    }

    /// The 1-based line of the next byte (LF, CRLF and a lone CR each end a line).
    mutating func line() -> Int {
        while countedUpTo < position {
            let byte = bytes[countedUpTo]
            if byte == 0x0A || (byte == 0x0D && (countedUpTo + 1 >= end || bytes[countedUpTo + 1] != 0x0A)) {
                countedLine += 1
            }
            countedUpTo += 1
        }
        return countedLine
    }

    /// Parses one whole document: a value and nothing but whitespace after it.
    mutating func document() throws -> JSONNode {
        let result = try value()
        try expectEnd()
        return result
    }

    /// Throws unless only whitespace is left.
    mutating func expectEnd() throws {
        skipWhitespace()
        if position < end { throw error("unexpected text after the end of the JSON value") }
    }

    /// Parses the value at the current position.
    mutating func value(depth: Int = 0) throws -> JSONNode {
        skipWhitespace()
        guard position < end else { throw error("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            var fields: [String: JSONNode] = [:]
            try members(depth: depth) { parser, key in fields[key] = try parser.value(depth: depth + 1) }
            return .object(fields)
        case UInt8(ascii: "["):
            var elements: [JSONNode] = []
            try elementsOfArray(depth: depth) { parser, _ in elements.append(try parser.value(depth: depth + 1)) }
            return .array(elements)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    /// Skips the value at the current position without building it.
    mutating func skipValue(depth: Int = 0) throws {
        skipWhitespace()
        guard position < end else { throw error("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): try members(depth: depth) { parser, _ in try parser.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try elementsOfArray(depth: depth) { parser, _ in try parser.skipValue(depth: depth + 1) }
        default: _ = try value(depth: depth)
        }
    }

    /// Walks the object at the current position, calling `member` with each key; `member` must consume the value.
    mutating func members(depth: Int = 0, _ member: (inout JSONParser, String) throws -> Void) throws {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) deep") }
        position += 1
        skipWhitespace()
        if accept(UInt8(ascii: "}")) { return }
        while true {
            skipWhitespace()
            guard position < end, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard accept(UInt8(ascii: ":")) else { throw error("expected ':' after a key") }
            try member(&self, key)
            skipWhitespace()
            if accept(UInt8(ascii: ",")) { continue }
            if accept(UInt8(ascii: "}")) { return }
            throw error("expected ',' or '}'")
        }
    }

    /// Walks the array at the current position, calling `element` with the line each element starts on;
    /// `element` must consume the value.
    mutating func elementsOfArray(depth: Int = 0, _ element: (inout JSONParser, Int) throws -> Void) throws {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) deep") }
        position += 1
        skipWhitespace()
        if accept(UInt8(ascii: "]")) { return }
        while true {
            skipWhitespace()
            try element(&self, line())
            skipWhitespace()
            if accept(UInt8(ascii: ",")) { continue }
            if accept(UInt8(ascii: "]")) { return }
            throw error("expected ',' or ']'")
        }
    }

    /// The byte at the current position after whitespace, if any.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < end ? bytes[position] : nil
    }

    mutating func skipWhitespace() {
        while position < end {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The byte at `offset`, or `nil` past the end.
    func byte(at offset: Int) -> UInt8? {
        offset < end ? bytes[offset] : nil
    }

    /// A copy of `bytes[from..<to]`.
    func slice(_ from: Int, _ to: Int) -> [UInt8] {
        Array(bytes[from..<to])
    }

    private mutating func accept(_ byte: UInt8) -> Bool {
        if position < end && bytes[position] == byte { position += 1; return true }
        return false
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard position + count <= end else { throw error("unexpected end of input") }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            throw error("unexpected character")
        }
        position += count
    }

    mutating func error(_ message: String) -> SyntaxError {
        SyntaxError(message: message, line: line())
    }
}
