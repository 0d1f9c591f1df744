/// The shape of a ranked query as the top-k path sees it: the phrases bm25 scores, and what they exclude.
///
/// Served today: one word (any column, not a phrase or prefix), with any exclusions (`deploy -draft`), path
/// and date filters. Everything else is scored in full by FTS5, with the reason ``TopKPlan`` reports.
struct TopKQuery {
    /// The word's term as FTS5 indexes it.
    var term: String
    /// The FTS5 expression of the excluded parts, if any.
    var exclusion: String?

    /// Why a query cannot take the fast path.
    struct Unsupported: Error {
        var reason: String
    }

    /// Reads `query`; throws ``Unsupported`` for a shape the fast path does not serve.
    init(_ query: ParsedQuery, tokenizer: TermTokenizer) throws {
        guard let root = query.root else { throw Unsupported(reason: "no words to rank") }
        var positives: [QueryTerm] = []
        var negatives: [QueryNode] = []
        switch root {
        case .term(let term): positives = [term]
        case .and(let children):
            for child in children {
                switch child {
                case .term(let term): positives.append(term)
                case .not: negatives.append(child)
                default: throw Unsupported(reason: "OR inside AND is scored in full")
                }
            }
        case .or: throw Unsupported(reason: "OR is scored in full")
        case .not: throw Unsupported(reason: "an exclusion alone is not ranked")
        }
        let searchable = positives.filter(\.isSearchable)
        guard searchable.count == 1, let word = searchable.first else {
            throw Unsupported(reason: "several words are scored in full")
        }
        guard !word.isPhrase, !word.isPrefix, word.column == nil else {
            throw Unsupported(reason: "a phrase, prefix or column-limited word is scored in full")
        }
        guard !word.matchExpression.hasSuffix("*"), let tokens = tokenizer.queryTokens(word.text), tokens.count == 1,
              let token = tokens.first else {
            throw Unsupported(reason: "\"\(word.text)\" is several tokens (a phrase to FTS5), scored in full")
        }
        term = token
        exclusion = negatives.isEmpty ? nil : FTS5Expression.compile(.or(negatives.map { node in
            if case .not(let inner) = node { return inner }
            return node
        })).match
    }
}
