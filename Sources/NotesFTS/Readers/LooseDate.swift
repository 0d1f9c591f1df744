import Foundation

/// Dates as note formats write them outside JSON: ISO 8601 (``Timestamp``), compact ISO (`20240131T093000Z`,
/// Evernote), dates with a weekday or time in brackets (`<2024-01-31 Wed 10:00>`, org-mode), and English
/// month names (`January 31, 2024 9:30 AM`, Notion; `31 Jan 2024`). Times without a zone are taken as UTC.
enum LooseDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date in `text`, or `nil`.
    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t<>[]"))
        if let date = Timestamp.parse(trimmed) { return date }
        if let date = compact(trimmed) { return date }
        if let date = leadingISO(trimmed) { return date }
        return english(trimmed)
    }

    /// `20240131T093000Z` or `20240131`.
    private static func compact(_ text: String) -> Date? {
        let digits = text.filter(\.isNumber)
        guard text.count >= 8, text.prefix(8).allSatisfy(\.isNumber), digits.count == 8 || digits.count == 14,
              text.allSatisfy({ $0.isNumber || $0 == "T" || $0 == "Z" }) else { return nil }
        let d = Array(digits)
        var iso = "\(String(d[0..<4]))-\(String(d[4..<6]))-\(String(d[6..<8]))"
        if d.count == 14 { iso += "T\(String(d[8..<10])):\(String(d[10..<12])):\(String(d[12..<14]))Z" }
        return Timestamp.parse(iso)
    }

    /// `2024-01-31 Wed 10:00` (org-mode): the date, then a time if one follows.
    private static func leadingISO(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard let first = parts.first, let day = Timestamp.parse(String(first)) else { return nil }
        if let time = parts.dropFirst().first(where: { $0.contains(":") }), let withTime = Timestamp.parse("\(first)T\(time)") {
            return withTime
        }
        return day
    }

    /// `January 31, 2024 9:30 AM`, `Jan 31, 2024`, `31 January 2024`.
    private static func english(_ text: String) -> Date? {
        let words = text.replacingOccurrences(of: ",", with: " ").split(separator: " ").map { $0.lowercased() }
        guard words.count >= 3 else { return nil }
        var month: Int?, day: Int?, year: Int?
        var hour = 0, minute = 0
        for (position, word) in words.enumerated() {
            if month == nil, let index = months.firstIndex(where: { word.hasPrefix($0) }) {
                month = index + 1
            } else if word.contains(":") {
                let pieces = word.split(separator: ":").compactMap { Int($0) }
                guard pieces.count >= 2 else { return nil }
                let meridiem = words.dropFirst(position + 1).first
                hour = meridiem == "pm" || meridiem == "am" ? pieces[0] % 12 + (meridiem == "pm" ? 12 : 0) : pieces[0]
                minute = pieces[1]
            } else if let number = Int(word.trimmingCharacters(in: CharacterSet(charactersIn: "stndrh"))) {
                if number > 31 { year = number } else if day == nil { day = number }
            }
        }
        guard let month, let day, let year else { return nil }
        return Timestamp.parse(String(format: "%04d-%02d-%02dT%02d:%02d:00Z", year, month, day, hour, minute))
    }
}
