import Foundation

/// `created:>=2024-01-01`, `modified:<2025-06`, `--since`, `--until`: a half-open range of dates a note's
/// creation or modification date must fall in.
///
/// ```swift
/// var options = SearchOptions()
/// options.dateFilters = [DateFilter(field: .modified, from: Date() - 7 * 86_400)]   // the last week
/// ```
public struct DateFilter: Sendable, Equatable {
    /// The date compared.
    public var field: DateField
    /// Inclusive lower bound, if any (compared to the second, as the index stores dates).
    public var from: Date?
    /// Exclusive upper bound, if any.
    public var before: Date?

    /// Creates a filter.
    public init(field: DateField, from: Date? = nil, before: Date? = nil) {
        self.field = field
        self.from = from
        self.before = before
    }
}
