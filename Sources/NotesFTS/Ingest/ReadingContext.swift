/// What, besides a file's bytes, decides the notes read from it: its place. A Markdown file inside an Obsidian
/// vault is titled by its file name when it has no heading (``ObsidianVault``), so the same bytes give another
/// note once its folder becomes a vault, or stops being one.
///
/// The index keeps the context with the content hash (``SourceFile/hash`` is the ``ContentHash``, then
/// `+obsidian` in a vault), so a file whose context changed is read again, and its notes updated, even when
/// its size, time and bytes are those recorded; the same folder gives the same notes however it was built.
struct ReadingContext: Equatable, Sendable {
    /// What is stored after the content hash: empty where the place changes nothing.
    let tag: String

    /// The context of the file at `path` now.
    init(path: String) {
        tag = NoteFileReader.format(of: path) == .markdown && ObsidianVault.contains(path) ? "obsidian" : ""
    }

    /// The context recorded in `fingerprint`, a ``SourceFile/hash`` (a hash without a tag, as every version
    /// before this one stored, is the plain context).
    init(fingerprint: String) {
        tag = fingerprint.firstIndex(of: "+").map { String(fingerprint[fingerprint.index(after: $0)...]) } ?? ""
    }

    /// `contentHash` with this context: what ``SourceFile/hash`` records.
    func fingerprint(_ contentHash: String) -> String {
        tag.isEmpty ? contentHash : contentHash + "+" + tag
    }
}
