/// A `created:` or `modified:` filter whose value is not a date (``DatePeriod``): `modified:2024-13-01`,
/// `created:>=`, `created:2024..2025`. Searched as text, it found the notes holding the words `modified` and
/// `2024`, or nothing, and said so only under `--explain`; searching such a query throws this error instead.
/// Quoted (`"modified:2024-13-01"`), the same text is a phrase and is searched as words.
public struct UnreadableDateFilter: Error, Equatable, Sendable, CustomStringConvertible {
    /// The filter as typed (`modified:2024-13-01`): a date field's name, a colon, and what is no date.
    public let filter: String

    /// Creates the error for `filter`.
    public init(filter: String) { self.filter = filter }

    /// One line: the filter, what a date filter takes, and how to search the text instead.
    public var description: String {
        let name = filter.prefix { $0 != ":" }.lowercased()
        return "'\(filter)' is not a date filter: give a year, month, day or minute (\(name):2024, \(name):>=2024-06-01, "
            + "\(name):<2024-06-01T09:30) or a time back from now (\(name):>=7d); quote it to search the text (\"\(filter)\")"
    }
}
