import SQLiteKit

/// How the top-k path reads a chosen note without FTS5: its row from `notes` by id
/// (``SearchSQL/topKNote(withText:)``) and, when the search shows snippets, the snippet it shows made from the
/// note's indexed text (``SearchSnippets/chosenSnippet(of:at:phrases:tokenizer:)``).
struct TopKNoteText {
    /// The statement: its one parameter (`:id`) is the note.
    let sql: String
    private let snippets: SearchSnippets?
    private let phrases: QueryPhrases?
    private let tokenizer: TermTokenizer?

    /// The reader for a search of `match` showing `snippets`; `nil` when the snippets need FTS5 (phrases
    /// ``QueryPhrases`` does not read).
    init?(_ db: Connection, match: String, snippets: SearchSnippets?) throws {
        sql = SearchSQL.topKNote(withText: snippets != nil)
        self.snippets = snippets
        guard snippets != nil else {
            (phrases, tokenizer) = (nil, nil)
            return
        }
        let tokenizer = try RankingTables.tokenizer(db)
        guard let phrases = QueryPhrases(match: match, tokenizer: tokenizer) else { return nil }
        (self.phrases, self.tokenizer) = (phrases, tokenizer)
    }

    /// `read` of the row with its snippet; `nil` when the snippet could not be made here.
    func read<Value>(_ row: Statement, _ read: (Statement, ChosenSnippet?) throws -> Value) throws -> Value? {
        guard let snippets, let phrases, let tokenizer else { return try read(row, nil) }
        guard let chosen = snippets.chosenSnippet(of: row, at: ResultColumn.next + 1, phrases: phrases,
                                                  tokenizer: tokenizer) else { return nil }
        return try read(row, chosen)
    }
}
