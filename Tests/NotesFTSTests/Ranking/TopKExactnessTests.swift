import Foundation
import Testing
@testable import NotesFTS

/// The top-k path returns what full FTS5 scoring returns: same scores (relative difference ≤ 1e-9), same ids up
/// to ties, for 1,050 seeded queries in three states of the index (fresh; after updating 10% and deleting 5% of
/// the notes; after adding 30% more with no rebuild), with thresholds lowered so the fast path runs. A quarter of the queries carry word forms.
/// Each state also ranks 30 prefixes of frequent words and 30 phrases of two, from their own heads where kept.
struct TopKExactnessTests {
    /// Upper tiers of half a list: with lists of 30 to 200 notes, a fifth proves too few queries to test.
    static let settings: RankingSettings = {
        var settings = RankingSettings(headSize: 24, minimumDocumentFrequency: 30, minimumShare: 0.05)
        settings.upperShare = 0.5
        return settings
    }()

    @Test func fastPathEqualsFullScoringInThreeStates() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        index.rankingSettings = Self.settings
        var corpus = TopKCorpus(seed: 20_261_130)
        let initial = 400
        var ids: [Int64] = []
        try index.transaction { for number in 0..<initial { ids.append(try index.save(corpus.note(number))) } }
        try index.rebuildRankingTables()
        #expect(try index.connection.scalarInt("SELECT count(*) FROM topk_terms") ?? 0 >= 10)
        try checkQueries(index, &corpus, state: "fresh")

        try index.transaction {
            for number in 0..<initial where number % 10 == 3 { try index.save(corpus.note(number)) }
            for number in 0..<initial where number % 20 == 7 { try index.deleteNote(id: ids[number]) }
        }
        try checkQueries(index, &corpus, state: "updated and deleted")

        try index.transaction { for number in initial..<(initial + initial * 3 / 10) { try index.save(corpus.note(number)) } }
        try checkQueries(index, &corpus, state: "grown by 30%")
        #expect(index.checkIntegrityOK())
        try expectPostingsMatchARebuild(index)
    }

    /// The posting lists the log replays kept up to date hold what a rebuild reads from FTS5, each term's
    /// document frequency is its list's length, and the note sizes (``SizeBlocks``) are what a rebuild writes.
    private func expectPostingsMatchARebuild(_ index: NoteIndex) throws {
        let db = index.connection
        let terms = try db.query("SELECT term, df FROM topk_terms ORDER BY term") { ($0.text(0) ?? "", $0.int(1)) }
        let replayed = try terms.map { try PostingStore.load($0.0, db) }
        for (term, list) in zip(terms, replayed) { #expect(list.count == term.1, "\(term.0)") }
        // Each upper tier the replays kept holds notes of the complete list with their figures, and its cut
        // covers every other note of it.
        for (term, list) in zip(terms, replayed) {
            var tier = UpperTier()
            tier.postings = try PostingStore.load(term.0, db, from: .upper)
            tier.cut = try db.query("SELECT cut FROM topk_terms WHERE term = ?1", [.text(term.0)]) {
                ImpactFrontier(encoded: $0.blob(0) ?? [])
            }.first.flatMap { $0 } ?? ImpactFrontier()
            #expect(tier.isConsistent(with: list), "upper tier of \(term.0) after replays")
        }
        // The prefix and phrase heads the replays kept are exact (``PrefixHead``, ``PhraseHead``).
        try PrefixHeadTests.expectExact(index, state: "after replays")
        try PhraseHeadTests.expectExact(index, state: "after replays")
        let sizes = "SELECT block, hex(sizes) FROM topk_sizes ORDER BY block"
        let replayedSizes = try db.query(sizes) { "\($0.int64(0)) \($0.text(1) ?? "")" }
        try index.rebuildRankingTables()
        #expect(try db.query(sizes) { "\($0.int64(0)) \($0.text(1) ?? "")" } == replayedSizes, "note sizes after replays")
        let stillTracked = Set(try db.query("SELECT term FROM topk_terms") { $0.text(0) ?? "" })
        #expect(stillTracked.count >= terms.count * 3 / 4)
        for (term, list) in zip(terms, replayed) where stillTracked.contains(term.0) {
            #expect(try PostingStore.load(term.0, db) == list, "postings of \(term.0) after replays")
        }
    }

    private func checkQueries(_ index: NoteIndex, _ corpus: inout TopKCorpus, state: String) throws {
        var fast = 0, postings = 0, severalWords = 0, prefixes = 0, prefixHeads = 0, phrases = 0, untracked = 0, upper = 0
        var fromLeaves = 0, decoded = 0
        for number in 0..<350 {
            let query = corpus.parsedQuery()
            var options = corpus.options()
            // Every other query lets a prefix's tracked expansion be decoded on the second connection, whatever its
            // size (``TrackedDecode``); the others make the pass over its stored blocks.
            if number % 2 == 1 { options.decodesTrackedFrom = 0 }
            var full = options
            full.allowsTopK = false
            let expected = try index.search(query, options: full)
            let actual = try index.search(query, options: options)
            let path = try index.rankingPath(query, options: options)
            if path.hasPrefix("top-k") { fast += 1 }
            if path.hasPrefix("top-k: one walk of the phrase") { phrases += 1 }
            if path.hasPrefix("top-k: one walk of the untracked term") { untracked += 1 }
            if path.hasPrefix("top-k: one walk of the phrase") && path.contains("from FTS5's leaves") { fromLeaves += 1 }
            if path.hasPrefix("top-k: exact over the upper tiers") { upper += 1 }
            if path.hasPrefix("top-k") && path.contains("notes of the other expansions of") { prefixHeads += 1 }
            if path.hasPrefix("top-k") && path.contains("decoded on a second connection") { decoded += 1 }
            if path.hasPrefix("top-k: exact over the complete posting lists") || path.hasPrefix("top-k: exact over the upper tiers") {
                postings += 1
                if Self.combinesWords(query) { severalWords += 1 }
                if path.contains("\"*") { prefixes += 1 }
            }
            #expect(TopKAgreement.agrees(actual, expected), "\(state): \(query.treeDescription) limit \(options.limit) offset \(options.offset)")
            // And the count from the tables (a word's df, a merge of posting lists) is FTS5's.
            #expect(try index.count(query, options: options) == index.count(query, options: full), "\(state): count of \(query.treeDescription)")
            // A note both return has the same snippet and line, however its row was read (one seek, or one
            // walk of the match for all the notes of a prefix query).
            let reference = Dictionary(expected.map { ($0.id, $0) }) { first, _ in first }
            for result in actual {
                guard let other = reference[result.id] else { continue }
                #expect(result.snippet == other.snippet && result.line == other.line, "\(state): \(query.treeDescription) note \(result.id)")
            }
        }
        // A frequent word as a prefix (`alpha*`): a tracked word, ranked from its prefix's own head (``PrefixHead``).
        // Chosen by number, not drawn, so that the seeded queries above stay as they were.
        var ownHeads = 0
        for number in 0..<30 {
            let query = QueryParser.parse(TopKCorpus.words[number] + "*")
            let options = SearchOptions(limit: [1, 10, 20][number % 3], offset: number % 4 == 0 ? 3 : 0)
            var full = options
            full.allowsTopK = false
            if try index.rankingPath(query, options: options).contains("(the prefix's, stored)") { ownHeads += 1 }
            #expect(TopKAgreement.agrees(try index.search(query, options: options), try index.search(query, options: full)),
                    "\(state): \(query.treeDescription) limit \(options.limit) offset \(options.offset)")
            #expect(try index.count(query, options: options) == index.count(query, options: full), "\(state): count of \(query.treeDescription)")
        }
        #expect(ownHeads >= 10, "\(state): only \(ownHeads) of 30 prefixes from their own heads")
        // A phrase of two frequent words (`"alpha bravo"`): ranked from its own head when it is kept (``PhraseHead``).
        var phraseHeads = 0
        for number in 0..<30 {
            let text = "\"\(TopKCorpus.words[number % 6]) \(TopKCorpus.words[number / 6])\"" + (number % 5 == 4 ? " -echo" : "")
            let query = QueryParser.parse(text)
            let options = SearchOptions(limit: [1, 10, 20][number % 3], offset: number % 4 == 0 ? 3 : 0)
            var full = options
            full.allowsTopK = false
            if try index.rankingPath(query, options: options).contains("the impact head of the phrase") { phraseHeads += 1 }
            #expect(TopKAgreement.agrees(try index.search(query, options: options), try index.search(query, options: full)),
                    "\(state): \(text) limit \(options.limit) offset \(options.offset)")
            #expect(try index.count(query, options: options) == index.count(query, options: full), "\(state): count of \(text)")
        }
        #expect(phraseHeads >= 10, "\(state): only \(phraseHeads) of 30 phrases from their own heads")
        // The fast path must actually run, or this test proves nothing.
        #expect(fast >= 100, "\(state): only \(fast) of 350 queries took the top-k path")
        // And AND/OR of several words must take the posting lists in a good share of the queries.
        #expect(severalWords >= 60, "\(state): only \(severalWords) of \(postings) on the posting lists were an AND or OR of words")
        // And the upper tiers must prove a share of them.
        #expect(upper >= 8, "\(state): only \(upper) queries answered from the upper tiers")
        // And prefixes (one query in 20 is one) must take them too.
        // (Since the fifteenth session a prefix alone with one tracked expansion takes that expansion's head
        // first: 4 to 6 of them a state are left to the posting lists, alone or among other words.)
        #expect(prefixes >= 3, "\(state): only \(prefixes) prefixes on the posting lists")
        // And prefixes with one tracked expansion its impact head and their other expansions' notes.
        #expect(prefixHeads >= 8, "\(state): only \(prefixHeads) prefixes from a tracked expansion's head")
        #expect(decoded >= 3 && decoded < prefixHeads, "\(state): \(decoded) of \(prefixHeads) with the expansion decoded on a second connection")
        // And phrases (one query in 20) their one walk.
        #expect(phrases >= 8, "\(state): only \(phrases) phrases ranked from one walk")
        // Read from the leaves (``PhraseLeaves``), in every state.
        #expect(fromLeaves >= 8, "\(state): only \(fromLeaves) phrases read from the leaves")
        // And single words or prefixes no tracked word serves theirs.
        #expect(untracked >= 8, "\(state): only \(untracked) untracked terms ranked from one walk")
    }

    /// Negated filters (`-path:`, `NOT modified:`, `-created:`) reach every top-k route through the same
    /// ``SearchFilter`` as the others: the fast path returns what full scoring returns, and neither returns a
    /// note a negated filter leaves out.
    @Test func negatedFiltersRankAsFullScoringDoes() throws {
        let index = try TestFolder().openIndex()
        index.rankingSettings = Self.settings
        var corpus = TopKCorpus(seed: 20_261_201)
        try index.transaction { for number in 0..<400 { _ = try index.save(corpus.note(number)) } }
        try index.rebuildRankingTables()
        // One tracked word (its impact head), AND and OR of tracked words and a prefix (the posting lists), a
        // phrase and a rare word (one walk).
        let words = ["kilo", "kilo lima", "(kilo OR mike)", "kil*", "\"alpha bravo\"", "w200x", "mike -papa"]
        let filters: [(String, (SearchResult) -> Bool)] = [
            ("-path:a/", { !$0.path.contains("/a/") }),
            ("NOT modified:2024", { !Self.within($0.modified, "2024-01-01", "2025-01-01") }),
            ("-created:>=2025-06", { !Self.within($0.created, "2025-06-01", nil) }),
            ("-path:B/ -modified:<2024-03", { !$0.path.contains("/b/") && !Self.within($0.modified, nil, "2024-03-01") }),
        ]
        var routes: [String] = []
        for word in words {
            for (filter, passes) in filters {
                let query = QueryParser.parse(word + " " + filter)
                for (limit, offset) in [(20, 0), (5, 3), (1, 0)] {
                    let options = SearchOptions(limit: limit, offset: offset)
                    var full = options
                    full.allowsTopK = false
                    let expected = try index.search(query, options: full)
                    let actual = try index.search(query, options: options)
                    let path = try index.rankingPath(query, options: options)
                    routes.append(path)
                    #expect(!expected.isEmpty, "\(word) \(filter)")
                    #expect(TopKAgreement.agrees(actual, expected), "\(word) \(filter) limit \(limit) offset \(offset): \(path)")
                    #expect((expected + actual).filter { !passes($0) }.map(\.path) == [], "\(word) \(filter): notes it excludes")
                    #expect(try index.count(query, options: options) == index.count(query, options: full))
                }
            }
        }
        // Every route took part, or this test proves less than it says.
        for route in ["candidates from the impact head", "exact over the complete posting lists", "one walk of the phrase",
                      "one walk of the untracked term", "notes of the other expansions of"] {
            #expect(routes.contains { $0.hasPrefix("top-k") && $0.contains(route) }, "no query took \(route)")
        }
    }

    /// Whether `date` is in `[from, before)` (days as `2024-03-01`; `nil` for no bound).
    private static func within(_ date: Date?, _ from: String?, _ before: String?) -> Bool {
        guard let date else { return false }
        if let from, let start = Timestamp.parse(from), date < start { return false }
        if let before, let end = Timestamp.parse(before), date >= end { return false }
        return true
    }

    /// Whether the query is an AND or OR of several words (not counting exclusions).
    static func combinesWords(_ query: ParsedQuery) -> Bool {
        switch query.root {
        case .or?: return true
        case .and(let children)?: return children.filter { if case .not = $0 { false } else { true } }.count >= 2
        default: return false
        }
    }

    @Test func bulkBuildFillsTheSameTablesAsARebuild() throws {
        let folder = TestFolder()
        var corpus = TopKCorpus(seed: 7)
        for number in 0..<150 {
            let note = corpus.note(number)
            _ = folder.write("n\(number).md", "# \(note.title)\n\n\(note.body)\n")
        }
        let index = try folder.openIndex()
        index.rankingSettings = RankingSettings(headSize: 10, minimumDocumentFrequency: 15, minimumShare: 0.05)
        _ = try folder.index(index)
        let snapshot = { try index.connection.query(
            "SELECT term, df, hex(frontier), (SELECT group_concat(first || ':' || hex(postings)) FROM "
                + "(SELECT * FROM topk_heads h WHERE h.term = t.term ORDER BY first)), (SELECT group_concat(first || ':' || "
                + "hex(postings)) FROM (SELECT * FROM topk_postings p WHERE p.term = t.term ORDER BY first)), "
                + "hex(cut), (SELECT group_concat(first || ':' || hex(postings)) FROM "
                + "(SELECT * FROM topk_upper u WHERE u.term = t.term ORDER BY first)) "
                + "FROM topk_terms t ORDER BY term"
        ) { row in (0..<7).map { row.text(Int32($0)) ?? "" }.joined(separator: " ") } }
        // The kept prefixes' and phrases' rows and heads (``KeptHeads``).
        let kept = { (kind: KeptHeads.Kind) in try index.connection.query(
            "SELECT term, df, hex(frontier), (SELECT group_concat(first || ':' || hex(postings)) FROM "
                + "(SELECT * FROM \(kind.headTable.rawValue) h WHERE h.term = p.term ORDER BY first)) FROM \(kind.keyTable) p ORDER BY term"
        ) { row in (0..<4).map { row.text(Int32($0)) ?? "" }.joined(separator: " ") } }
        let bulk = try snapshot(), bulkPrefixes = try kept(.prefix), bulkPhrases = try kept(.phrase)
        #expect(bulk.count >= 5)
        #expect(bulkPrefixes.count >= 5)
        #expect(bulkPhrases.count >= 5)
        #expect(try index.connection.scalarInt("SELECT count(*) FROM topk_upper") ?? 0 > 0)
        try index.rebuildRankingTables()
        #expect(try snapshot() == bulk)
        #expect(try kept(.prefix) == bulkPrefixes)
        #expect(try kept(.phrase) == bulkPhrases)
        #expect(try index.connection.scalarInt("SELECT count(*) FROM topk_log") == 0)
    }
}

extension NoteIndex {
    /// Whether both integrity checks pass.
    func checkIntegrityOK() -> Bool { (try? checkIntegrity().isOK) ?? false }
}
