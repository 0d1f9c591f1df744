import Foundation

/// A comparison in a date filter: `created:>=2024`, `modified:<2025-06`, `created:2024-03`.
public enum DateComparison: String, Sendable, CaseIterable {
    case atLeast = ">=", after = ">", atMost = "<=", before = "<", equal = "="

    /// The filter that selects dates standing in this relation to `period`.
    public func filter(_ field: DateField, _ period: DatePeriod) -> DateFilter {
        let start = Timestamp.format(period.start)
        let end = Timestamp.format(period.end)
        switch self {
        case .atLeast: return DateFilter(field: field, from: start)
        case .after: return DateFilter(field: field, from: end)
        case .atMost: return DateFilter(field: field, before: period.start == period.end ? Timestamp.format(period.end + 1) : end)
        case .before: return DateFilter(field: field, before: start)
        case .equal:
            return period.start == period.end ? DateFilter(field: field, from: start) : DateFilter(field: field, from: start, before: end)
        }
    }
}
