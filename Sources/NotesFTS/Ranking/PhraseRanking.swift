import SQLiteKit

/// Ranked search for a query whose words are one phrase (`"device tree"`, with exclusions and filters), or one
/// word or prefix no tracked word serves, from one FTS5 walk of it.
///
/// FTS5's bm25 needs the number of notes the phrase matches (the `n` of its `idf`). Before it scores a row
/// it counts them with a second walk of the phrase over the whole table (`xQueryPhrase`); a phrase walk
/// checks positions, so that walk is about half the cost of full scoring (`"read itparox"` at 100,000
/// notes: 2 ms of 5). This path walks the phrase once, reads each matching note's weighted frequency and
/// size (``MatchStatistics``), counts the notes as it goes, and then computes the same bm25 for each
/// (``BM25``): exact, with one walk instead of two. It needs neither the posting lists nor the top-k tables.
enum PhraseRanking {
    /// A term ranked from one walk: its MATCH expression, the exclusions', and FTS5's query tokens when it is
    /// a plain word or phrase (no prefix, no word forms), which ``PhraseLeaves`` can walk from the leaves.
    struct Term {
        var match: String
        var exclusion: String?
        var tokens: [String]?
    }

    /// The phrase when the positive part of `query` is one phrase of several tokens with no column filter
    /// (exclusions only at the top level); `nil` otherwise. A quoted single word (`"read"`) is a word to FTS5,
    /// and ``TopKQuery`` takes it as one.
    static func phrase(of query: ParsedQuery, tokenizer: TermTokenizer) -> Term? {
        guard let (term, found) = walked(query, tokenizer: tokenizer), term.isPhrase,
              (found.tokens ?? tokenizer.queryTokens(term.text))?.count != 1 else { return nil }
        return found
    }

    /// The term when the positive part of `query` is one term of any kind (a word, a phrase, a prefix) with no
    /// column filter and no word forms; `nil` otherwise. ``TopKPlan`` walks such a term once when it holds no
    /// tracked word: the walk is what full scoring does twice. Its tokens are read with `tokenizer` when given.
    static func term(of query: ParsedQuery, tokenizer: TermTokenizer? = nil) -> Term? {
        walked(query, tokenizer: tokenizer)?.1
    }

    /// The query's one term and what ``term(of:tokenizer:)`` gives for it.
    private static func walked(_ query: ParsedQuery, tokenizer: TermTokenizer?) -> (QueryTerm, Term)? {
        guard let (term, found) = single(query) else { return nil }
        // A prefix (typed, or a term ending in a lone CJK character, ``FTS5Expression/term(_:)``) has no
        // tokens of its own to walk.
        let plain = !term.isPrefix && !found.match.hasSuffix("*")
        let tokens = plain ? tokenizer?.queryTokens(term.text) : nil
        return (term, Term(match: found.match, exclusion: found.exclusion, tokens: tokens?.isEmpty == false ? tokens : nil))
    }

    private static func single(_ query: ParsedQuery) -> (QueryTerm, (match: String, exclusion: String?))? {
        guard let top = query.root else { return nil }
        var positives = [top]
        var negatives: [QueryNode] = []
        if case .and(let children) = top {
            positives = children.filter { if case .not = $0 { return false } else { return true } }
            negatives = children.compactMap { if case .not(let inner) = $0 { return inner } else { return nil } }
        }
        guard positives.count == 1, case .term(let term) = positives[0], term.isSearchable, term.column == nil,
              term.forms.isEmpty else { return nil }
        return (term, (term.matchExpression, negatives.isEmpty ? nil : FTS5Expression.compile(.or(negatives)).match))
    }

    /// How the phrase was walked, for `--explain`.
    enum Walk: Equatable {
        /// From FTS5's leaves (``PhraseLeaves``).
        case leaves
        /// By FTS5, whole on the query's connection.
        case fts5
        /// By FTS5, in two halves on two connections (``SplitWalk``).
        case halves
    }

    /// The best `needed` notes (ties by id) of the phrase that pass `query`'s filters and the exclusions, how
    /// many notes the phrase matches, and how it was walked: from the leaves where they can say (unless
    /// `options` turn it off), else by FTS5, split in two (``SplitWalk``) from `splitFrom` notes in the index.
    static func top(_ needed: Int, _ db: Connection, phrase: Term, query: ParsedQuery,
                    options: SearchOptions, totals: FullTextTotals,
                    splitFrom: Int = SplitWalk.minimumNotes) throws -> (hits: [TopKPlan.Hit], notes: Int, walk: Walk) {
        let state = try PhraseCountMemo.state(db)
        let statistics = try MatchStatistics(db)
        var rows: [MatchStatistics.Row] = []
        var walk = Walk.fts5
        if options.readsLeaves, let tokens = phrase.tokens, let found = try PhraseLeaves.rows(of: tokens, db, statistics) {
            rows = found
            walk = .leaves
        } else if options.splitsWalks, totals.rows >= Int64(splitFrom), let found = try SplitWalk.walk(phrase.match, db, statistics) {
            rows = found
            walk = .halves
        } else {
            try statistics.walk(phrase.match, db, into: &rows)
        }
        try statistics.completeSizes(&rows, db)
        PhraseCountMemo.of(db).record(phrase.match, notes: rows.count, state: state, db)
        let idf = BM25.idf(rows: totals.rows, hits: Int64(rows.count))
        let average = totals.averageSize
        func best(_ capacity: Int) -> TopHits {
            var hits = TopHits(capacity: capacity)
            for row in rows {
                hits.offer(id: row.id, score: idf * BM25.saturation(frequency: row.frequency, size: Int(row.size),
                                                                    averageSize: average))
            }
            return hits
        }
        let hits = try TopHits.bestPassing(needed, db, filter: SearchFilter(query: query, options: options),
                                           exclusion: phrase.exclusion, best)
        return (hits, rows.count, walk)
    }
}
