/// A date column a filter applies to.
public enum DateField: String, Sendable, Equatable {
    /// When the note was created; when it was last modified.
    case created, modified
}
