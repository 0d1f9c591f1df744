import SQLiteKit

/// How the top-k path reads a chosen note without FTS5: its row from `notes` by id
/// (``SearchSQL/topKNote(withText:)``) and, when the search shows snippets, the snippet it shows made from the
/// note's indexed text (``SearchSnippets/chosenSnippet(of:phrases:tokenizer:)``).
///
/// The rows are read first, their texts copied (``NoteTexts``), and the snippets then made on the query's
/// thread and, for two notes or more, one thread of its own (``TopKSnippets``): making a snippet tokenizes the
/// whole note, most of reading the chosen notes (a third of `read OR book` at 100,000 notes).
struct TopKNoteText {
    /// The statement: its one parameter (`:id`) is the note.
    let sql: String
    private let snippets: SearchSnippets?
    private let phrases: QueryPhrases?
    /// The tokenizer of the query's thread, and the second thread's (`nil`: the snippets are made on one).
    private let tokenizers: (first: TermTokenizer, second: TermTokenizer?)?

    /// The reader for a search of `match` showing `snippets`, making them on two threads when `splits` and
    /// there are several `notes` (the second tokenizer is made only then); `nil` when the snippets need FTS5
    /// (phrases ``QueryPhrases`` does not read).
    init?(_ db: Connection, match: String, snippets: SearchSnippets?, splits: Bool, notes: Int) throws {
        sql = SearchSQL.topKNote(withText: snippets != nil)
        self.snippets = snippets
        guard snippets != nil else {
            (phrases, tokenizers) = (nil, nil)
            return
        }
        let tokenizer = try RankingTables.tokenizer(db)
        guard let phrases = QueryPhrases(match: match, tokenizer: tokenizer) else { return nil }
        self.phrases = phrases
        tokenizers = (tokenizer, splits && notes > 1 ? try RankingTables.tokenizer(db, second: true) : nil)
    }

    /// Whether the rows carry the notes' texts for their snippets.
    var makesSnippets: Bool { snippets != nil }

    /// The texts of the note on `row`, for ``chosen(_:)``.
    func texts(of row: Statement) -> NoteTexts { NoteTexts(row: row, at: ResultColumn.next + 1) }

    /// The snippet each of `notes` shows, in their order; `nil` for a note whose snippet could not be made here
    /// (a tokenizer failure) and for every note when this makes no snippets.
    func chosen(_ notes: [NoteTexts]) -> [ChosenSnippet?] {
        guard let snippets, let phrases, let tokenizers else { return Array(repeating: nil, count: notes.count) }
        return TopKSnippets(notes, snippets: snippets, phrases: phrases).make(tokenizers.first, tokenizers.second)
    }
}
