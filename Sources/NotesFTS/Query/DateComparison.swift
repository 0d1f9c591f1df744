import Foundation

/// A comparison in a date filter: `created:>=2024`, `modified:<2025-06`, `created:2024-03`.
package enum DateComparison: String, Sendable, CaseIterable {
    case atLeast = ">=", after = ">", atMost = "<=", before = "<", equal = "="

    /// The filter that selects dates standing in this relation to `period`: `>=` from its start, `>` from its
    /// end, `<=` before its end, `<` before its start, `=` (or none) within it. A relative instant (`7d`,
    /// `start == end`) with no operator means "since then", and `<=` includes its second.
    package func filter(_ field: DateField, _ period: DatePeriod) -> DateFilter {
        let start = period.start
        let end = period.end
        switch self {
        case .atLeast: return DateFilter(field: field, from: start)
        case .after: return DateFilter(field: field, from: end)
        case .atMost: return DateFilter(field: field, before: period.start == period.end ? period.end + 1 : end)
        case .before: return DateFilter(field: field, before: start)
        case .equal:
            return period.start == period.end ? DateFilter(field: field, from: start) : DateFilter(field: field, from: start, before: end)
        }
    }
}
