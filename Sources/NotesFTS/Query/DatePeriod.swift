import Foundation

/// A date as people type it in a filter, read as a half-open period `[start, end)` in UTC.
///
/// `2024` is the whole year, `2024-06` the month, `2024-06-01` the day, `2024-06-01T09:30` the minute,
/// `2024-06-01T09:30:15Z` (or Unix seconds) the second (the index stores dates to the second), so that
/// `modified:2024-06-01T09:30:15Z` is that second and `modified:<=2024-06-01T09:30` runs to the end of that
/// minute. Relative forms are an instant counted back from now (`start == end`): `7d` (days), `2w` (weeks),
/// `3m` (months of 30 days), `1y` (365 days), `12h` (hours); `today` and `yesterday` are days.
package struct DatePeriod: Sendable, Equatable {
    /// The first instant of the period.
    package var start: Date
    /// The first instant after the period (equal to `start` for a relative instant such as `7d`).
    package var end: Date

    /// Reads `text`, or returns `nil` when it is not a date this type understands.
    package static func parse(_ text: String, now: Date = Date()) -> DatePeriod? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value.isEmpty { return nil }
        let day = 86_400.0
        let startOfToday = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / day).rounded(.down) * day)
        if value == "today" { return DatePeriod(start: startOfToday, end: startOfToday + day) }
        if value == "yesterday" { return DatePeriod(start: startOfToday - day, end: startOfToday) }
        if let unit = value.last, "hdwmy".contains(unit), let count = Int(value.dropLast()), count >= 0, count < 100_000 {
            let seconds: Double
            switch unit {
            case "h": seconds = 3_600
            case "d": seconds = day
            case "w": seconds = 7 * day
            case "m": seconds = 30 * day
            default: seconds = 365 * day
            }
            let instant = now - Double(count) * seconds
            return DatePeriod(start: instant, end: instant)
        }
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(\.isNumber) && !$0.isEmpty }),
           parts[0].count == 4, let year = Int(parts[0]) {
            if parts.count == 1 {
                return DatePeriod(start: date(year, 1, 1), end: date(year + 1, 1, 1))
            }
            guard parts[1].count == 2, let month = Int(parts[1]), (1...12).contains(month) else { return nil }
            let next = month == 12 ? date(year + 1, 1, 1) : date(year, month + 1, 1)
            return DatePeriod(start: date(year, month, 1), end: next)
        }
        guard let instant = Timestamp.parse(text) else { return nil }
        if value.count == 10 && value.contains("-") { return DatePeriod(start: instant, end: instant + day) }
        if timeFields(value) == 2 { return DatePeriod(start: instant, end: instant + 60) }
        let second = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down))
        return DatePeriod(start: second, end: second + 1)
    }

    /// How many `:`-separated fields the time of the ISO 8601 `value` has (2 for `…T09:30`, 3 for
    /// `…T09:30:15.5+02:00`), 0 without a time.
    private static func timeFields(_ value: String) -> Int {
        let characters = Array(value)
        guard characters.count > 11, characters[10] == "t" || characters[10] == " " else { return 0 }
        let time = characters[11...].prefix { $0 != "z" && $0 != "+" && $0 != "-" }
        return time.split(separator: ":").count
    }

    private static func date(_ year: Int, _ month: Int, _ day: Int) -> Date {
        Date(timeIntervalSince1970: Double(Timestamp.daysFromCivil(year: year, month: month, day: day)) * 86_400)
    }
}
