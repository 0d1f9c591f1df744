import Foundation

/// Reading dates from note sources and writing them to the index.
///
/// The index stores dates as ISO 8601 UTC text (`2024-03-01T09:30:00Z`): sortable as text and readable
/// in any SQLite client. Sources give ISO 8601 (with or without time or zone) or Unix time in seconds,
/// milliseconds or microseconds.
package enum Timestamp {
    /// The first second the stored form can write (`0000-01-01T00:00:00Z`).
    static let earliest = daysFromCivil(year: 0, month: 1, day: 1) * 86_400
    /// The last second the stored form can write (`9999-12-31T23:59:59Z`).
    static let latest = daysFromCivil(year: 9999, month: 12, day: 31) * 86_400 + 86_399

    /// Whether `date` has a four-digit year, as the stored form needs; dates read from sources outside that
    /// range are not dates (``parse(_:)`` gives `nil` for them).
    static func isWritable(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds.isFinite && seconds >= Double(earliest) && seconds < Double(latest + 1)
    }

    /// Formats `date` as `YYYY-MM-DDTHH:MM:SSZ` in UTC; a date outside years 0000–9999 (which ``parse(_:)``
    /// never gives) is written as the nearer end of that range.
    package static func format(_ date: Date) -> String {
        let raw = date.timeIntervalSince1970
        let seconds = raw.isNaN ? 0 : raw < Double(earliest) ? earliest
            : raw >= Double(latest + 1) ? latest : Int64(raw.rounded(.down))
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(fromDays: days)
        // By hand: `String(format:)` costs microseconds a call, and a bulk build formats two dates a note.
        var text = [UInt8]()
        text.reserveCapacity(20)
        func append(_ value: Int, digits: Int, then separator: UInt8) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                text.append(UInt8(truncatingIfNeeded: 0x30 + (rest / divisor) % 10))
                rest %= divisor
                divisor /= 10
            }
            text.append(separator)
        }
        append(year, digits: 4, then: UInt8(ascii: "-"))
        append(month, digits: 2, then: UInt8(ascii: "-"))
        append(day, digits: 2, then: UInt8(ascii: "T"))
        append(Int(secondOfDay / 3600), digits: 2, then: UInt8(ascii: ":"))
        append(Int((secondOfDay % 3600) / 60), digits: 2, then: UInt8(ascii: ":"))
        append(Int(secondOfDay % 60), digits: 2, then: UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    /// Parses a stored or source date: ISO 8601 text, or a number of Unix seconds/milliseconds/microseconds.
    package static func parse(_ value: Any) -> Date? {
        if let number = value as? NSNumber, !(value is Bool) {
            return fromUnix(number.doubleValue)
        }
        if let text = value as? String { return parse(text) }
        return nil
    }

    /// The number of days in `month` of `year` (proleptic Gregorian).
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Parses ISO 8601 (`2024-03-01`, `2024-03-01T09:30`, `2024-03-01 09:30:00+09:00`, `…Z`, with fractions)
    /// or digits holding Unix time. Returns `nil` for anything else.
    package static func parse(_ text: String) -> Date? {
        if let stored = parseStored(text) { return stored }
        return parseGeneral(text)
    }

    /// The index's own format, `YYYY-MM-DDTHH:MM:SSZ` (``format(_:)``), read in place: every search result
    /// reads two. `nil` for any other text, which ``parseGeneral(_:)`` reads (to the same date where this
    /// reads one).
    static func parseStored(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parseStored(UnsafeRawBufferPointer($0)) }
    }

    /// ``parseStored(_:)`` of UTF-8 bytes (a column read in place).
    static func parseStored(_ bytes: UnsafeRawBufferPointer) -> Date? {
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              bytes[19] == UInt8(ascii: "Z") else { return nil }
        func number(at start: Int, digits: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<(start + digits)] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(at: 0, digits: 4), let month = number(at: 5, digits: 2),
              let day = number(at: 8, digits: 2), let hour = number(at: 11, digits: 2),
              let minute = number(at: 14, digits: 2), let second = number(at: 17, digits: 2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60,
              second < 61 else { return nil }
        let seconds = daysFromCivil(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Date(timeIntervalSince1970: Double(seconds) + 0.0)
    }

    /// ``parse(_:)`` of any text it reads, trimmed of spaces first.
    static func parseGeneral(_ text: String) -> Date? {
        let trimmed = SpaceTrimming.trimmed(text)
        // Bytes, not Characters: only ASCII digits and "." qualify, and any other byte rules the text out.
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }),
           let number = Double(trimmed), trimmed.utf8.count > 8 {
            return fromUnix(number)
        }
        return parseISO(trimmed)
    }

    /// Interprets `number` as Unix seconds, milliseconds or microseconds by its magnitude; `nil` for a
    /// negative number or one past the year 9999 even as microseconds (``isWritable(_:)``).
    package static func fromUnix(_ number: Double) -> Date? {
        guard number.isFinite, number >= 0 else { return nil }
        let date = number >= 1e14 ? Date(timeIntervalSince1970: number / 1_000_000)
            : number >= 1e11 ? Date(timeIntervalSince1970: number / 1_000) : Date(timeIntervalSince1970: number)
        return isWritable(date) ? date : nil
    }

    private static func parseISO(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let byte = bytes[index + offset]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += digits
            return value
        }
        func accept(_ character: UInt8) -> Bool {
            if index < bytes.count && bytes[index] == character { index += 1; return true }
            return false
        }
        guard let year = number(4), accept(UInt8(ascii: "-")), let month = number(2),
              accept(UInt8(ascii: "-")), let day = number(2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offsetSeconds = 0
        if index < bytes.count && (bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: " ")) {
            index += 1
            guard let h = number(2), accept(UInt8(ascii: ":")), let m = number(2),
                  h < 24, m < 60 else { return nil }
            hour = h
            minute = m
            if accept(UInt8(ascii: ":")) {
                guard let s = number(2), s < 61 else { return nil }
                second = s
                if accept(UInt8(ascii: ".")) || accept(UInt8(ascii: ",")) {
                    var scale = 0.1
                    while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
                        fraction += Double(bytes[index] - 48) * scale
                        scale /= 10
                        index += 1
                    }
                }
            }
            _ = accept(UInt8(ascii: " "))
            if accept(UInt8(ascii: "Z")) || accept(UInt8(ascii: "z")) {
                offsetSeconds = 0
            } else if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard let oh = number(2) else { return nil }
                _ = accept(UInt8(ascii: ":"))
                let om = number(2) ?? 0
                offsetSeconds = sign * (oh * 3600 + om * 60)
            }
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        // A zone offset can carry 0000-01-01 or 9999-12-31 out of the range the stored form writes.
        let date = Date(timeIntervalSince1970: Double(seconds) + fraction)
        return isWritable(date) ? date : nil
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a count of days since 1970-01-01.
    static func civilDate(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : (a - b + 1) / b
    }
}
