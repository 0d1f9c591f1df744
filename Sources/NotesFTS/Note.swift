import Foundation

/// One note: what the index stores and searches.
///
/// A file holds one note (text, Markdown, a JSON object) or several (a JSON array, JSON Lines);
/// `path` and `position` together identify a note across re-indexing, so an edited note keeps its id.
///
/// ```swift
/// let note = Note(path: "/notes/todo.md", title: "Todo", body: "buy milk", tags: ["home"])
/// ```
public struct Note: Equatable, Sendable, Codable {
    /// The source file (absolute), or any stable identifier an app chooses for notes without files.
    public var path: String
    /// The note's 0-based position inside a multi-note file; 0 for single-note files.
    public var position: Int
    /// The 1-based line of `path` where the note's body starts (for `path:LINE` output).
    public var line: Int
    /// The title: a Markdown heading, the first line, a JSON `title` or the file name.
    public var title: String
    /// The searchable text.
    public var body: String
    /// Tags without a leading `#`.
    public var tags: [String]
    /// When the note was created, if the source says.
    public var created: Date?
    /// When the note was last modified: the source's own field, else the file's modification time.
    public var modified: Date?
    /// Other names of the note (Obsidian `aliases`, Logseq `alias::`): searched like the title, not shown.
    public var aliases: [String]
    /// Where ``created`` came from (`nil`: not recorded; a reader's own date is ``DateSource/note``).
    public var createdFrom: DateSource?
    /// Where ``modified`` came from.
    public var modifiedFrom: DateSource?

    /// Creates a note; text is stored as given (the index normalises it when it writes).
    public init(path: String, position: Int = 0, line: Int = 1, title: String, body: String,
                tags: [String] = [], created: Date? = nil, modified: Date? = nil, aliases: [String] = []) {
        self.path = path
        self.position = position
        self.line = line
        self.title = title
        self.body = body
        self.tags = tags
        self.created = created
        self.modified = modified
        self.aliases = aliases
    }
}
