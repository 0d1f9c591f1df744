extension JSONParser {
    /// Parses the string at the current position (which is its opening quote), decoding escapes.
    mutating func string() throws -> String {
        position += 1
        let start = position
        // Fast path: no escapes, one copy.
        while let byte = byte(at: position), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw error("control character inside a string") }
            position += 1
        }
        guard let stop = byte(at: position) else { throw error("unterminated string") }
        var utf8 = slice(start, position)
        if stop == UInt8(ascii: "\"") {
            position += 1
            return String(decoding: utf8, as: UTF8.self)
        }
        while true {
            guard let byte = byte(at: position) else { throw error("unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"): try escape(into: &utf8)
            case 0..<0x20: throw error("control character inside a string")
            default: utf8.append(byte)
            }
        }
    }

    private mutating func escape(into utf8: inout [UInt8]) throws {
        guard let letter = byte(at: position) else { throw error("unterminated string") }
        position += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(letter)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800..<0xDC00).contains(code), byte(at: position) == UInt8(ascii: "\\"),
               byte(at: position + 1) == UInt8(ascii: "u") {
                position += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    utf8.append(contentsOf: Self.utf8(of: 0xFFFD))
                    code = low
                }
            }
            utf8.append(contentsOf: Self.utf8(of: code))
        default: throw error("unknown escape in a string")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = byte(at: position) else { throw error("unterminated string") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// The UTF-8 of `code` (a lone surrogate becomes U+FFFD).
    private static func utf8(of code: UInt32) -> [UInt8] {
        Array(String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8)
    }

    /// Parses the number at the current position.
    mutating func number() throws -> Double {
        let start = position
        _ = acceptByte(UInt8(ascii: "-"))
        var integer: Double = 0
        var digits = 0
        while let byte = byte(at: position), byte >= 0x30 && byte <= 0x39 {
            integer = integer * 10 + Double(byte - 0x30)
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw error("unexpected character") }
        var simple = true
        if acceptByte(UInt8(ascii: ".")) {
            simple = false
            guard skipDigits() > 0 else { throw error("bad number") }
        }
        if acceptByte(UInt8(ascii: "e")) || acceptByte(UInt8(ascii: "E")) {
            simple = false
            _ = acceptByte(UInt8(ascii: "+")) || acceptByte(UInt8(ascii: "-"))
            guard skipDigits() > 0 else { throw error("bad number") }
        }
        let negative = byte(at: start) == UInt8(ascii: "-")
        if simple && digits <= 15 { return negative ? -integer : integer }
        guard let value = Double(String(decoding: slice(start, position), as: UTF8.self)) else {
            throw error("bad number")
        }
        return value
    }

    private mutating func skipDigits() -> Int {
        var count = 0
        while let byte = byte(at: position), byte >= 0x30 && byte <= 0x39 { position += 1; count += 1 }
        return count
    }

    private mutating func acceptByte(_ expected: UInt8) -> Bool {
        if byte(at: position) == expected { position += 1; return true }
        return false
    }
}
