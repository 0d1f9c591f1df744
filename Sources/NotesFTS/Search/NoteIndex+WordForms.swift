import NotesTokenizer
import SQLiteKit

extension NoteIndex {
    /// Adds word forms to `query` and corrects its typos, as the text searches (``search(_:options:)``,
    /// ``count(_:options:)``, ``searchPage(_:options:)``) do unless ``SearchOptions/exact`` is set.
    ///
    /// - **Word forms.** A plain English word (not quoted, not a prefix) also matches the indexed words with the
    ///   same inflection stem (``PorterStemmer/inflectionStem(_:)``): `meetings` finds `meeting`, `recipe` finds
    ///   `recipes`. The word as typed is searched twice, so bm25 ranks the exact form above the others.
    /// - **Typos.** A word of 5 letters or more that no note holds, in no form, is replaced by the nearest indexed
    ///   word (one edit for 5–8 letters, two for 9 or more, a transposition counting as one; ties go to the word
    ///   more notes hold), and the replacement is reported in ``ExpandedQuery/corrections``. Excluded words are
    ///   never corrected.
    ///
    /// Quoted words and phrases, prefixes and Korean, Chinese or Japanese text are left exactly as they are.
    package func expand(_ query: ParsedQuery) throws -> ExpandedQuery {
        try read { try Self.expand($0, query) }
    }

    /// For each searched word that no note holds in any form, the nearest indexed words (up to `limit`, within
    /// two edits): what to suggest when a query finds nothing and ``expand(_:)`` could correct nothing. Words in
    /// `skipping` (``ExpandedQuery/farFromEveryWord``: already looked up and found far from every word) are
    /// not looked up again.
    package func suggestions(for query: ParsedQuery, limit: Int = 3,
                             skipping: Set<String> = []) throws -> [(word: String, suggestions: [String])] {
        try read { db in
            var result: [(word: String, suggestions: [String])] = []
            guard try Vocabulary.isPresent(db) else { return result }
            let tokenizer = try RankingTables.tokenizer(db)
            for term in query.positiveTerms {
                guard let word = Self.expandableWord(term, tokenizer: tokenizer), word.utf8.count >= 4, !skipping.contains(word),
                      try !Self.hasIndexedForm(db, Self.wordForms(db, of: word)) else { continue }
                // As in expansion: the word's own document frequency only once there is something to suggest.
                let near = try Spelling.candidates(for: word, within: 2, db: db).prefix(limit).map(\.term)
                guard !near.isEmpty, try Spelling.documentFrequency(of: word, db: db) == 0 else { continue }
                result.append((word, Array(near)))
            }
            return result
        }
    }

    /// `text` parsed, then expanded unless `options.exact` says otherwise.
    static func interpret(_ db: Connection, _ text: String, options: SearchOptions) throws -> ExpandedQuery {
        let query = QueryParser.parse(text)
        return options.exact ? ExpandedQuery(query: query) : try expand(db, query)
    }

    static func expand(_ db: Connection, _ query: ParsedQuery) throws -> ExpandedQuery {
        guard let root = query.root, try Vocabulary.isPresent(db) else { return ExpandedQuery(query: query) }
        var outcome = ExpandedQuery(query: query)
        let expanded = try expand(db, root, excluded: false, tokenizer: RankingTables.tokenizer(db), outcome: &outcome)
        outcome.query.root = expanded
        return outcome
    }

    private static func expand(_ db: Connection, _ node: QueryNode, excluded: Bool, tokenizer: TermTokenizer,
                               outcome: inout ExpandedQuery) throws -> QueryNode {
        switch node {
        case .term(let term):
            return .term(try expand(db, term, excluded: excluded, tokenizer: tokenizer, outcome: &outcome))
        case .not(let inner):
            return .not(try expand(db, inner, excluded: true, tokenizer: tokenizer, outcome: &outcome))
        case .and(let children):
            return .and(try children.map { try expand(db, $0, excluded: excluded, tokenizer: tokenizer, outcome: &outcome) })
        case .or(let children):
            return .or(try children.map { try expand(db, $0, excluded: excluded, tokenizer: tokenizer, outcome: &outcome) })
        }
    }

    private static func expand(_ db: Connection, _ term: QueryTerm, excluded: Bool, tokenizer: TermTokenizer,
                               outcome: inout ExpandedQuery) throws -> QueryTerm {
        guard let word = expandableWord(term, tokenizer: tokenizer) else { return term }
        var expanded = term
        let forms = try wordForms(db, of: word)
        expanded.forms = otherForms(forms, of: word)
        let tolerance = Spelling.tolerance(forLength: word.utf8.count)
        // The word list keeps the words of notes since changed or deleted (until a rebuild), so a form listed
        // there may be in no note: the word is a typo candidate unless one of its forms is in `notes_fts`.
        guard !excluded, tolerance > 0, try !hasIndexedForm(db, forms) else { return expanded }
        // The near words first: most unknown words have none, and then the word's own document frequency (a
        // guard for a word `notes_fts` holds that the word list missed) is not needed, nor the `fts5vocab`
        // table it is read from (about a millisecond of a one-query process).
        guard let best = try Spelling.candidates(for: word, within: tolerance, db: db).first else {
            if tolerance >= 2 { outcome.farFromEveryWord.insert(word) }
            return expanded
        }
        guard try Spelling.documentFrequency(of: word, db: db) == 0 else { return expanded }
        outcome.corrections.append(QueryCorrection(typed: word, replacement: best.term))
        expanded.text = best.term
        expanded.forms = otherForms(try wordForms(db, of: best.term), of: best.term)
        return expanded
    }

    /// `forms` when they hold a word other than `word` itself, else none (nothing to add).
    private static func otherForms(_ forms: [String], of word: String) -> [String] {
        forms.contains { $0 != word } ? forms : []
    }

    /// The indexed words sharing `word`'s inflection stem (itself included when indexed), at most 32.
    static func wordForms(_ db: Connection, of word: String) throws -> [String] {
        try db.query("SELECT term FROM vocabulary WHERE stem = ?1 ORDER BY term LIMIT 32",
                     [.text(PorterStemmer.inflectionStem(word))]) { $0.text(0) ?? "" }
    }

    /// Whether some note holds one of `forms` (one FTS5 lookup, stopping at the first note).
    static func hasIndexedForm(_ db: Connection, _ forms: [String]) throws -> Bool {
        guard !forms.isEmpty else { return false }
        let statement = try db.cached("SELECT EXISTS (SELECT 1 FROM notes_fts WHERE notes_fts MATCH ?1)")
        try statement.bind([.text(forms.map(RankingTables.matchString).joined(separator: " OR "))])
        var found = false
        try statement.forEachRow { found = $0.int(0) == 1 }
        return found
    }

    /// The folded word a term stands for when word forms and typos apply to it: a plain, unquoted,
    /// non-prefix term that the index's tokenizer reads as one lower-case ASCII word of 3 letters or more.
    ///
    /// The tokenizer, not Foundation, folds text beyond ASCII: it removes accents (`Café` is `cafe`) but keeps
    /// `ß` and ligatures (`straße`, `ﬁnance`), where Foundation's case folding gives `strasse` and `finance`,
    /// words that may be in no note, and a typo correction then replaced a word the index holds.
    static func expandableWord(_ term: QueryTerm, tokenizer: TermTokenizer) -> String? {
        guard !term.isPhrase, !term.isPrefix else { return nil }
        // ASCII needs only its case folded, as the tokenizer folds it (and a one-query process skips the call).
        let folded: String
        if term.text.utf8.allSatisfy({ $0 < 0x80 }) {
            folded = asciiLowercased(term.text)
        } else {
            guard let tokens = tokenizer.queryTokens(term.text), tokens.count == 1 else { return nil }
            folded = tokens[0]
        }
        return folded.utf8.count >= 3 && Vocabulary.isWord(folded) ? folded : nil
    }

    /// `text` (ASCII) with `A`–`Z` lowered.
    private static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
