/// One benchmark query: what we search for, and the `LIKE` patterns that are its naive equivalent.
struct BenchQuery {
    /// What the query stands for: common, mid, rare, AND, phrase, prefix, no match, Korean.
    var label: String
    /// The query in `notes-find` syntax.
    var text: String
    /// One `%…%` pattern per term; a note matches the LIKE form when every pattern matches its title or body
    /// (any of them, for an OR query: ``matchesAnyPattern``).
    var likePatterns: [String]
    /// The document frequency that chose it (notes whose index holds the term), when there is one term.
    var documentFrequency: Int?
    /// Whether a note matches the LIKE form when any pattern matches (an OR query), not every one.
    var matchesAnyPattern = false

    /// The terms the LIKE patterns look for (without the `%`).
    var likeTerms: [String] { likePatterns.map { String($0.dropFirst().dropLast()) } }

    /// `(title LIKE ?1 OR body LIKE ?1) AND …` (`OR` between the patterns of an OR query), numbered from 1.
    var likeCondition: String {
        likePatterns.indices.map { "(title LIKE ?\($0 + 1) OR body LIKE ?\($0 + 1))" }
            .joined(separator: matchesAnyPattern ? " OR " : " AND ")
    }

    /// The article's query: every match sorted by modification time, the newest 50.
    var articleSQL: String { "SELECT id, path, title FROM notes WHERE \(likeCondition) ORDER BY modified DESC LIMIT 50" }

    /// The unordered form, which can stop at the 20th match.
    var unorderedSQL: String { "SELECT id, path, title FROM notes WHERE \(likeCondition) LIMIT 20" }

    /// All matching ids (for the recall audit).
    var allSQL: String { "SELECT id FROM notes WHERE \(likeCondition)" }
}
