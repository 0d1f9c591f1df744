/// `created:>=2024-01-01`, `modified:<2025-06`, `--since`, `--until`: a half-open range of stored dates.
public struct DateFilter: Sendable, Equatable {
    /// The column compared.
    public var field: DateField
    /// Inclusive lower bound (ISO 8601 UTC), if any.
    public var from: String?
    /// Exclusive upper bound (ISO 8601 UTC), if any.
    public var before: String?

    /// Creates a filter.
    public init(field: DateField, from: String? = nil, before: String? = nil) {
        self.field = field
        self.from = from
        self.before = before
    }
}
