import NotesTokenizer

/// The tokenizer `notes_fts` is built with; chosen when an index is opened read-write.
///
/// ```swift
/// // The default: Korean, Chinese and Japanese searchable by substring, other scripts by word.
/// let index = try NoteIndex(path: "notes.sqlite")
/// // Plain unicode61 (for comparisons and benchmarks): whole space-delimited words only.
/// let plain = try NoteIndex(path: "plain.sqlite", tokenizer: .unicode61)
/// ```
///
/// Opening an index read-write with a tokenizer other than the one it records recreates and rebuilds
/// `notes_fts` once, in one transaction.
public enum FullTextTokenizer: Sendable, Equatable {
    /// ``CJKTokenizer`` (`notes_cjk_v1 remove_diacritics 2`): bigrams for CJK runs, unicode61 words otherwise.
    case cjk
    /// SQLite's `unicode61 remove_diacritics 2`, as schema v1 used.
    case unicode61

    /// The `tokenize=` option of `notes_fts`.
    package var tokenizeOption: String {
        switch self {
        case .cjk: return CJKTokenizer.tokenizeOption
        case .unicode61: return "unicode61 remove_diacritics 2"
        }
    }

    /// The name recorded in `meta` under `tokenizer`.
    package var recordedName: String {
        switch self {
        case .cjk: return CJKTokenizer.name
        case .unicode61: return "unicode61"
        }
    }
}
