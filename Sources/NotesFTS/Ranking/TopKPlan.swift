import SQLiteKit

/// The top-k path of a ranked query (``NoteIndex/search(_:options:)``): the exact top `offset + limit` notes by
/// FTS5's bm25, from the side tables, without scoring every match; or the reason to score in full.
///
/// Three exact routes (`docs/top-k.md`): a query of one tracked word is answered from the word's impact head when
/// the frontier's bound proves it (``TopKSearch``); a query of tracked words from their upper tiers when the
/// cuts' bounds prove it (``upperTierPath(_:_:_:_:query:options:)``); otherwise every tracked word's complete posting list, and
/// every note of the rare words and of a prefix's untracked expansions, are scored by exact arithmetic, notes
/// skipped only by safe bounds (``PostingSearch``). A frequent phrase of two tracked words alone is ranked from
/// its own head as one word is (``PhraseHead``). Any other phrase, or one term no tracked word serves, is ranked
/// from one FTS5 walk instead of full scoring's two (``PhraseRanking``).
struct TopKPlan {
    /// One chosen note and its score (positive, as the library reports bm25).
    struct Hit: Equatable {
        var id: Int64
        var score: Double
    }

    /// What happened.
    enum Outcome {
        /// The exact top notes, best first (ties by id), and a description for `--explain`, made only when asked
        /// for: its figures written out (two `Double`s for `read OR book`) were about 1% of a search.
        case answered([Hit], @Sendable () -> String)
        /// Scored in full by FTS5, for this reason.
        case fullScoring(String)
    }

    /// Plans and, when it can, answers `query`.
    static func run(_ db: Connection, _ query: ParsedQuery, options: SearchOptions) throws -> Outcome {
        guard options.allowsTopK else { return .fullScoring("the top-k path is turned off") }
        guard options.sort == .rank, !options.reverse else { return .fullScoring("reversed rank order") }
        let tokenizer = try RankingTables.tokenizer(db)
        if let phrase = PhraseRanking.phrase(of: query, tokenizer: tokenizer) {
            if let hits = try phraseHeadPath(db, phrase, query: query, options: options) {
                return .answered(Array(hits.0.dropFirst(max(options.offset, 0))), hits.1)
            }
            return try oneWalk(db, phrase, "the phrase", query: query, options: options)
        }
        let shape: TopKQuery
        do {
            shape = try TopKQuery(query, tokenizer: tokenizer)
        } catch let unsupported as TopKQuery.Unsupported {
            return .fullScoring(unsupported.reason)
        }
        if let stale = try RankingTables.staleness(db) { return .fullScoring(stale) }
        guard let totals = try RankingTables.totals(db) else { return .fullScoring("the index is empty") }
        guard try shape.tokens.indices.contains(where: { index in
            shape.prefixes.contains(index) ? try PrefixPostings.hasTrackedExpansion(shape.tokens[index], db)
                : try TopKTokenStatistics.isTracked(shape.tokens[index], db)
        }) else {
            if let term = PhraseRanking.term(of: query, tokenizer: tokenizer) { return try oneWalk(db, term, "the untracked term", query: query, options: options) }
            return .fullScoring("no tracked frequent word: the notes are few enough to score in full")
        }
        let needed = needed(options, totals)
        if shape.tokens.count == 1, shape.prefixes.isEmpty, let hits = try headPath(db, shape, totals, needed, query: query, options: options) {
            return .answered(Array(hits.0.dropFirst(max(options.offset, 0))), hits.1)
        }
        if let hits = try upperTierPath(db, shape, totals, needed, query: query, options: options) {
            return .answered(Array(hits.0.dropFirst(max(options.offset, 0))), hits.1)
        }
        var known: [Int: PrefixPostings.Parts] = [:]
        if shape.tokens.count == 1, shape.prefixes == [0], let hits = try prefixAsWordPath(db, shape, totals, needed, query: query, options: options) {
            return .answered(Array(hits.0.dropFirst(max(options.offset, 0))), hits.1)
        }
        if shape.tokens.count == 1, shape.prefixes == [0] {
            // The tracked expansion's list decoded on a second core while the rare expansions are read here.
            let decode = try TrackedDecode.start(shape.tokens[0], db, options: options)
            defer { decode?.close(db) }
            let found = try PrefixPostings.parts(shape.tokens[0], db)
            // The rare notes' memory kept for the next query (``PrefixRoom``), once this one is done with them.
            defer { if case .success(let parts) = found { PrefixRoom.of(db).keep(untracked: parts.untracked) } }
            switch found {
            case .failure(let unsupported): return .fullScoring(unsupported.reason)
            case .success(let parts):
                if let hits = try prefixHeadPath(db, shape, parts, decode, totals, needed, query: query, options: options) {
                    return .answered(Array(hits.0.dropFirst(max(options.offset, 0))), hits.1)
                }
                known[0] = parts
            }
        }
        return try postingPath(db, shape, totals, needed, known: known, query: query, options: options)
    }

    /// A prefix alone with one tracked expansion: the threshold algorithm over that expansion's impact head and
    /// the rare expansions' notes (``PrefixHeadSearch``); `nil` when they cannot prove the answer.
    private static func prefixHeadPath(_ db: Connection, _ shape: TopKQuery, _ parts: PrefixPostings.Parts,
                                       _ decode: TrackedDecode?, _ totals: FullTextTotals, _ needed: Int,
                                       query: ParsedQuery, options: SearchOptions) throws -> ([Hit], @Sendable () -> String)? {
        let state = try PhraseCountMemo.state(db)
        var search = PrefixHeadSearch()
        guard let hits = try search.top(needed, db, shape: shape, parts: parts, decode: decode, totals: totals, query: query,
                                        options: options) else { return nil }
        if let alone = PhraseRanking.term(of: query) {
            PhraseCountMemo.of(db).record(alone.match, notes: Int(search.documents), state: state, db)
        }
        let candidates = search.candidateCount, tracked = parts.tracked[0].term, rare = parts.untracked.count
        let prefix = shape.tokens[0], decoded = search.usedDecoded, bound = search.unseenBound, rows = totals.rows
        return (hits, {
            "top-k: \(candidates) candidates from the impact head of \"\(tracked)\" "
                + "and the \(rare) notes of the other expansions of \"\(prefix)\"*"
                + (decoded ? " (found in its list, decoded on a second connection meanwhile), " : ", ")
                + "bound of the others \(bound); N = \(rows)"
        })
    }

    /// A prefix alone that is a tracked word: its prefix's impact head and frontier kept as one word's
    /// (``PrefixHead``), ranked as one word is (``TopKSearch``); `nil` when none are kept or they cannot prove
    /// the answer.
    private static func prefixAsWordPath(_ db: Connection, _ shape: TopKQuery, _ totals: FullTextTotals, _ needed: Int,
                                       query: ParsedQuery, options: SearchOptions) throws -> ([Hit], @Sendable () -> String)? {
        guard let statistics = try PrefixHead.load(shape.tokens[0], db) else { return nil }
        let state = try PhraseCountMemo.state(db)
        var search = TopKSearch(shape: shape, statistics: statistics, totals: totals)
        guard let hits = try search.top(needed, db, query: query, options: options) else { return nil }
        if let alone = PhraseRanking.term(of: query) {
            PhraseCountMemo.of(db).record(alone.match, notes: Int(statistics.documents), state: state, db)
        }
        let candidates = search.candidateCount, word = shape.tokens[0], bound = search.unseenBound, rows = totals.rows
        return (hits, {
            "top-k: \(candidates) candidates from the impact head of \"\(word)\"* (the prefix's, stored), "
                + "bound of the others \(bound); N = \(rows)"
        })
    }

    /// A phrase of two tracked words kept as one word (``PhraseHead``), ranked as one word is (``TopKSearch``);
    /// `nil` when none is kept for it, the tables are not current, or the head cannot prove the answer.
    private static func phraseHeadPath(_ db: Connection, _ phrase: PhraseRanking.Term, query: ParsedQuery,
                                       options: SearchOptions) throws -> ([Hit], @Sendable () -> String)? {
        guard let key = phrase.tokens.flatMap(PhraseHead.key(of:)), try RankingTables.staleness(db) == nil,
              let totals = try RankingTables.totals(db), let statistics = try KeptHeads.load(key, db, .phrase) else { return nil }
        let state = try PhraseCountMemo.state(db)
        let shape = TopKQuery(keptPhrase: key, exclusion: phrase.exclusion)
        var search = TopKSearch(shape: shape, statistics: statistics, totals: totals)
        guard let hits = try search.top(needed(options, totals), db, query: query, options: options) else { return nil }
        if phrase.exclusion == nil {
            PhraseCountMemo.of(db).record(phrase.match, notes: Int(statistics.documents), state: state, db)
        }
        let candidates = search.candidateCount, bound = search.unseenBound, rows = totals.rows
        return (hits, {
            "top-k: \(candidates) candidates from the impact head of the phrase \"\(key)\" (stored), "
                + "bound of the others \(bound); N = \(rows)"
        })
    }

    /// How many of the best notes the page needs: up to its end (``SearchOptions/pageEnd``, which saturates),
    /// and never more than the index holds, since the best `rows` notes are all of them (``TopHits`` sizes its
    /// room, and with filters 4 times that, from this number). A page past every match is then empty.
    static func needed(_ options: SearchOptions, _ totals: FullTextTotals) -> Int {
        min(options.pageEnd, Int(clamping: max(totals.rows, 0)))
    }

    /// One term, a phrase or a word no tracked word serves: one FTS5 walk with the row statistics, the notes
    /// counted as it goes, instead of full scoring's two (``PhraseRanking``).
    private static func oneWalk(_ db: Connection, _ term: PhraseRanking.Term, _ kind: String,
                                query: ParsedQuery, options: SearchOptions) throws -> Outcome {
        guard let totals = try RankingTables.totals(db) else { return .fullScoring("the index is empty") }
        let found = try PhraseRanking.top(needed(options, totals), db, phrase: term, query: query,
                                          options: options, totals: totals)
        let how = switch found.walk {
        case .leaves: ", from FTS5's leaves"
        case .fts5: ""
        case .halves: ", in two halves on two connections"
        }
        let match = term.match, notes = found.notes, rows = totals.rows
        return .answered(Array(found.hits.dropFirst(max(options.offset, 0))), {
            "top-k: one walk of \(kind) \(match) (\(notes) notes scored\(how); the number of "
                + "notes it matches from the same walk, not from a second one); N = \(rows)"
        })
    }

    /// One word: the threshold algorithm over its impact head (``TopKSearch``); `nil` when the head cannot
    /// prove the answer (a selective filter or exclusion, a deep page).
    private static func headPath(_ db: Connection, _ shape: TopKQuery, _ totals: FullTextTotals, _ needed: Int,
                                 query: ParsedQuery, options: SearchOptions) throws -> ([Hit], @Sendable () -> String)? {
        guard let statistics = try TopKTokenStatistics.load(shape.tokens[0], db) else { return nil }
        var search = TopKSearch(shape: shape, statistics: statistics, totals: totals)
        guard let hits = try search.top(needed, db, query: query, options: options) else { return nil }
        let candidates = search.candidateCount, word = shape.tokens[0], bound = search.unseenBound, rows = totals.rows
        return (hits, {
            "top-k: \(candidates) candidates from the impact head of \"\(word)\", bound of the others \(bound); N = \(rows)"
        })
    }

    /// Several words, or one the head could not answer: exact arithmetic over the complete posting lists of
    /// the tracked words and every note of the rare ones (``PostingSearch``).
    private static func postingPath(_ db: Connection, _ shape: TopKQuery, _ totals: FullTextTotals, _ needed: Int,
                                    known: [Int: PrefixPostings.Parts] = [:],
                                    query: ParsedQuery, options: SearchOptions) throws -> Outcome {
        // A prefix alone: its merged list's length is the number of notes it matches, kept for the count asked
        // for next (`--json`'s total), as a walk's is (``PhraseCountMemo``).
        let alone = shape.tokens.count == 1 && !shape.prefixes.isEmpty ? PhraseRanking.term(of: query) : nil
        let state = alone == nil ? [] : try PhraseCountMemo.state(db)
        let postings: PostingList, ranges: [Range<Int>]
        switch try completeLists(db, shape, known: known) {
        case .success(let lists): (postings, ranges) = lists
        case .failure(let unsupported): return .fullScoring(unsupported.reason)
        }
        if let alone { PhraseCountMemo.of(db).record(alone.match, notes: ranges[0].count, state: state, db) }
        let scorer = TopKScorer(shape: shape, documents: ranges.map { Int64($0.count) }, totals: totals)
        var search = PostingSearch(shape: shape, postings: postings, ranges: ranges, scorer: scorer)
        let hits = try search.top(needed, db, query: query, options: options)
        PostingRoom.of(db).giveBack(postings)
        let words = shape.tokens.indices.map { "\"\(shape.tokens[$0])\"" + (shape.prefixes.contains($0) ? "*" : "") }
        let postingCount = search.postingCount, scored = search.scored, rows = totals.rows
        return .answered(Array(hits.dropFirst(max(options.offset, 0))), {
            "top-k: exact over the complete posting lists of " + words.joined(separator: ", ")
                + " (\(postingCount) postings, \(scored) notes scored, the others skipped by bounds or not matching); "
                + "N = \(rows)"
        })
    }

    /// The complete posting list of every token of `shape`, one after the other, and where each is: the
    /// tracked words' from `topk_postings`, a rare word's from FTS5, a prefix's merged from its expansions'
    /// (``PrefixPostings``); or why the query is scored in full instead.
    ///
    /// All the lists go into one room (``PostingRoom``) sized by their lengths (a tracked word's is its `df`;
    /// a rare word's list and a prefix's parts are read first, since their lengths are known only then; a
    /// prefix takes at most the sum of its parts, merged in the room), so that no list moves the ones before it
    /// when it is added.
    /// A prefix's parts in `known` (read by a route that could not answer) are not read again.
    static func completeLists(_ db: Connection, _ shape: TopKQuery, known: [Int: PrefixPostings.Parts] = [:]) throws
        -> Result<(PostingList, [Range<Int>]), TopKQuery.Unsupported> {
        guard shape.tokens.count <= 64 else { return .failure(.init(reason: "more than 64 distinct words")) }
        let tokens = shape.tokens
        let tracked = try tokens.indices.map { index in
            shape.prefixes.contains(index) ? nil : try TopKTokenStatistics.documentFrequency(tokens[index], db)
        }
        // The other lists first: their lengths are known once read (a prefix's, at most its parts' sum).
        var others: [Int: PostingList] = [:]
        var prefixes: [Int: PrefixPostings.Parts] = [:]
        for index in tokens.indices where tracked[index] == nil {
            if let parts = known[index] {
                prefixes[index] = parts
            } else if shape.prefixes.contains(index) {
                switch try PrefixPostings.parts(tokens[index], db) {
                case .success(let parts): prefixes[index] = parts
                case .failure(let unsupported): return .failure(unsupported)
                }
            } else if let loaded = try TopKTokenStatistics.load(tokens[index], db) {
                others[index] = loaded.postingList
            } else {
                return .failure(.init(reason: "\"\(tokens[index])\" is neither tracked nor rare (more than \(TopKTokenStatistics.untrackedLimit) notes)"))
            }
        }
        var postings = PostingRoom.of(db).take()
        postings.extend(by: tokens.indices.reduce(0) {
            $0 + (tracked[$1] ?? others[$1]?.count ?? prefixes[$1]?.upperBound ?? 0)
        })
        var ranges: [Range<Int>] = []
        var filled = 0
        for index in tokens.indices {
            let start = filled
            if let list = others[index] {
                postings.place(list, at: &filled)
            } else if let parts = prefixes[index] {
                try PrefixPostings.fill(parts, db, into: &postings, at: &filled)
            } else {
                try PostingStore.load(tokens[index], db, into: &postings, at: &filled)
            }
            ranges.append(start..<filled)
        }
        postings.truncate(to: filled)
        return .success((postings, ranges))
    }

    /// Best first; ties by id, as the full-scoring path breaks them.
    static func ranksBefore(_ left: Hit, _ right: Hit) -> Bool {
        left.score != right.score ? left.score > right.score : left.id < right.id
    }
}
