import SQLiteKit

/// The number of notes a query matches, from the top-k tables where that is exact and cheaper than FTS5's
/// `count(*)`, which walks every matching row: at 1,000,000 notes about 25 ms for a word in 30% of them, the
/// better part of `notes-find --json` (its `total`) and of `-c`.
///
/// - One tracked word: its `df` in `topk_terms`, the exact number of notes holding it (kept by the same
///   replay as its posting list, whose length it is).
/// - AND and OR of tracked words and of prefixes with a tracked expansion: one merge of their posting lists
///   (a prefix's merged from its expansions', ``PrefixPostings``), counting the notes that satisfy the query
///   (decoding a posting costs a fraction of FTS5 reading a row).
///
/// - A tracked word as a prefix alone (`idea*`): the prefix's `df` (``PrefixHead``).
/// - A phrase of two tracked words kept as one word (`"read the"`): its `df` (``PhraseHead``).
/// - One phrase, or one untracked word or prefix ranked from one walk: the number of notes the walk that
///   ranked it counted (``PhraseCountMemo``), if nothing has changed since.
///
/// Anything else (filters, exclusions, prefixes the posting path does not serve, untracked words not just
/// ranked, tables not current) is counted by FTS5.
enum TopKCount {
    /// The count, or `nil` when FTS5 should count.
    static func count(_ db: Connection, _ query: ParsedQuery, options: SearchOptions) throws -> Int? {
        guard options.allowsTopK, SearchFilter(query: query, options: options).isEmpty else { return nil }
        // A term ranked from one walk (a phrase, an untracked word or prefix) counted its notes as it went.
        if let term = PhraseRanking.term(of: query), term.exclusion == nil,
           let notes = try PhraseCountMemo.of(db).notes(term.match, db) {
            return notes
        }
        let tokenizer = try RankingTables.tokenizer(db)
        if let phrase = PhraseRanking.phrase(of: query, tokenizer: tokenizer) {
            guard phrase.exclusion == nil else { return nil }
            if let notes = try PhraseCountMemo.of(db).notes(phrase.match, db) { return notes }
            // A phrase kept as one word (``PhraseHead``): its `df`.
            guard let key = phrase.tokens.flatMap(PhraseHead.key(of:)), try RankingTables.isCurrent(db) else { return nil }
            return try KeptHeads.documentFrequency(key, db, .phrase)
        }
        guard let shape = try? TopKQuery(query, tokenizer: tokenizer), shape.exclusion == nil,
              shape.tokens.count <= 64, try RankingTables.isCurrent(db) else { return nil }
        // A tracked word as a prefix: the prefix's `df` (``PrefixHead``).
        if shape.tokens.count == 1, shape.prefixes == [0],
           let notes = try db.scalarInt("SELECT df FROM topk_prefixes WHERE term = ?1", [.text(shape.tokens[0])]) {
            return notes
        }
        // Per token, a tracked word's `df`, or a prefix's merged list (its length is its number of notes).
        var documents: [Int] = []
        var prefixLists: [Int: PostingList] = [:]
        for (index, token) in shape.tokens.enumerated() {
            if shape.prefixes.contains(index) {
                guard try PrefixPostings.hasTrackedExpansion(token, db),
                      case .success(let list) = try PrefixPostings.load(token, db) else { return nil }
                prefixLists[index] = list
                documents.append(list.count)
            } else {
                guard let df = try TopKTokenStatistics.documentFrequency(token, db) else { return nil }
                documents.append(df)
            }
        }
        // One word, however often the query repeats it (`("read" OR "read")`), matches the notes holding it.
        if documents.count == 1 { return documents[0] }
        let lists = try shape.tokens.indices.map {
            try prefixLists[$0]?.ids ?? PostingStore.loadIDs(shape.tokens[$0], db, expected: documents[$0])
        }
        return merged(lists, shape: shape)
    }

    /// The notes of the merged `lists` (each ascending ids) whose words satisfy `shape`.
    static func merged(_ lists: [[Int64]], shape: TopKQuery) -> Int {
        let clauses = PostingSearch.clauses(shape.root)
        var positions = [Int](repeating: 0, count: lists.count)
        var found = 0
        while true {
            var next = Int64.max
            for index in lists.indices where positions[index] < lists[index].count {
                next = min(next, lists[index][positions[index]])
            }
            if next == .max { return found }
            var mask: UInt64 = 0
            for index in lists.indices where positions[index] < lists[index].count && lists[index][positions[index]] == next {
                mask |= 1 << UInt64(index)
                positions[index] += 1
            }
            let matches = clauses.map { $0.allSatisfy { mask & $0 != 0 } }
                ?? (shape.matches { mask & (1 << UInt64($0)) != 0 } == true)
            if matches { found += 1 }
        }
    }
}
