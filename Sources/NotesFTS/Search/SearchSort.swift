/// How results are ordered.
public enum SearchSort: String, Sendable, CaseIterable {
    /// Best bm25 score first (title above tags above body).
    case rank
    /// Most recently modified first.
    case modified
    /// Most recently created first.
    case created
    /// Title A to Z.
    case title
    /// Path A to Z.
    case path
}
