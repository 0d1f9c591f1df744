/// A date column a filter applies to.
public enum DateField: String, Sendable, Equatable {
    case created, modified
}
