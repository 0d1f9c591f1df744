import SQLiteKit
import Testing
@testable import NotesFTS

/// ``PrefixPostings``: the expansions listed range by range between the tracked terms are exactly those
/// `fts5vocab` lists for the prefix's whole range, with the same counts, none twice; and a prefix answered from
/// the lists ranks as full scoring does.
@Suite struct PrefixPostingsTests {
    /// Notes where `read`, `reader`, `reading` and `ready` are tracked (in 40 notes or more) and the other
    /// expansions of `rea` are rare: before, between and after the tracked ones, with digits, an accent the
    /// tokenizer folds away, and the whole prefix as a rare word of its own; some in titles and tags.
    static func index() throws -> NoteIndex {
        let index = try TestFolder().openIndex()
        index.rankingSettings = RankingSettings(headSize: 8, minimumDocumentFrequency: 30, minimumShare: 0.05)
        let frequent = ["read", "reader", "reading", "ready"]
        let rare = ["rea", "reach", "read2", "readable", "readeré", "readerz", "readings", "readiness", "readyx", "real", "reb"]
        try index.transaction {
            for number in 0..<200 {
                var words = ["filler\(number % 7)", "note"]
                for (offset, word) in frequent.enumerated() where (number + offset) % 4 != 0 {
                    words.append(contentsOf: Array(repeating: word, count: 1 + (number + offset) % 3))
                }
                let rareWord = rare[(number / 9) % rare.count]
                if number % 9 == 0 { words.append(rareWord) }
                // Some rare words in titles and tags too, whose weights differ from the body's.
                _ = try index.save(Note(path: "/p/\(number).md", title: number % 18 == 0 ? "Note \(rareWord)" : "Note \(number)",
                                        body: words.joined(separator: " "), tags: number % 27 == 0 ? [rareWord] : []))
            }
        }
        try index.rebuildRankingTables()
        return index
    }

    @Test func listsWhatFTS5ListsForTheWholeRange() throws {
        let index = try Self.index()
        let db = index.connection
        let tracked = Set(try db.query("SELECT term FROM topk_terms") { $0.text(0) ?? "" })
        #expect(tracked.isSuperset(of: ["read", "reader", "reading", "ready"]))
        try db.execute(Vocabulary.fts5VocabularySQL)
        for prefix in ["r", "re", "rea", "read", "reade", "reader", "readers", "readi", "ready", "readyx", "real", "z", "2", "read2"] {
            let expected = try db.query("SELECT term, doc FROM temp.notes_fts_terms WHERE term >= ?1 AND term < ?2",
                                        [.text(prefix), .text(PrefixPostings.upperBound(prefix))]) {
                PrefixPostings.Expansion(term: $0.text(0) ?? "", documents: $0.int(1), tracked: tracked.contains($0.text(0) ?? ""))
            }
            #expect(try PrefixPostings.expansions(prefix, db, limit: 1_000) == expected, "\(prefix)")
            // One more than the limit says there are too many, wherever the limit falls.
            for limit in [0, 1, 2, 3] where expected.count > limit {
                #expect(try PrefixPostings.expansions(prefix, db, limit: limit).count == limit + 1, "\(prefix) \(limit)")
            }
        }
    }

    @Test(arguments: ["rea*", "read*", "reade*", "readi*", "ready*", "read* -reading", "read* path:/p/1"])
    func rankAsFullScoringDoes(_ text: String) throws {
        let index = try Self.index()
        let query = QueryParser.parse(text)
        let options = SearchOptions(limit: 10)
        var full = options
        full.allowsTopK = false
        #expect(try index.rankingPath(query, options: options).contains("posting lists"), "\(text)")
        let expected = try index.search(query, options: full)
        #expect(!expected.isEmpty)
        #expect(TopKAgreement.agrees(try index.search(query, options: options), expected), "\(text)")
    }

    /// A prefix's count comes from its merged list (alone or beside other words), or right after ranking it
    /// from what the ranking counted, and is FTS5's.
    @Test(arguments: ["rea*", "read*", "reade*", "ready*", "read* note", "read* OR filler1", "reade* (reading OR ready*)"])
    func countsAsFTS5Does(_ text: String) throws {
        let index = try Self.index()
        var full = SearchOptions()
        full.allowsTopK = false
        let expected = try index.count(text, options: full)
        #expect(expected > 0)
        #expect(try index.count(text) == expected, "\(text), counted first")
        _ = try index.search(text)
        #expect(try index.count(text) == expected, "\(text), counted after ranking")
        #expect(try index.searchPage(text).total == expected, "\(text), a page's total")
    }

    /// The untracked expansions read from FTS5's leaves, by one scan of FTS5's instances a run, or by one
    /// walk a term, give the same list: every note of the prefix with its summed weighted frequency and FTS5's
    /// size. Checked fresh, then after notes are deleted and updated (entries in two segments, deletes).
    @Test func leavesInstanceScansAndWalksGiveTheSameList() throws {
        let index = try Self.index()
        try Self.checkReadings(index.connection, state: "fresh")
        try index.transaction {
            for id in stride(from: 3, through: 200, by: 5) { _ = try index.deleteNote(id: Int64(id)) }
        }
        for number in 0..<30 {
            _ = try index.save(Note(path: "/p/\(number).md", title: "ready \(number)", body: "reader realm readings \(number)"))
        }
        try Self.checkReadings(index.connection, state: "deleted and added")
    }

    /// Read from the leaves, a prefix's parts are listed with no `fts5vocab` listing first, and its limits
    /// decide from the same figures: under every set of limits, the parts (or the reason to score in full) are
    /// what the listing and FTS5's walks give, fresh and after deletes and updates.
    @Test(arguments: [(1_000, 8_000, 0.25), (3, 10, 0.25), (2, 5, 0.5), (6, 30, 0.1), (5, 0, 0.0), (12, 40, 0.05)])
    func leavesDecideTheLimitsAsTheListingDoes(expansions: Int, notes: Int, share: Double) throws {
        let index = try Self.index()
        let db = index.connection
        let limits = PrefixPostings.Limits(expansions: expansions, untrackedNotes: notes, untrackedShare: share)
        var outcomes: Set<String> = []
        for state in ["fresh", "deleted and updated"] {
            if state != "fresh" {
                try index.transaction {
                    for id in stride(from: 4, through: 200, by: 6) { _ = try index.deleteNote(id: Int64(id)) }
                    for number in 0..<20 {
                        _ = try index.save(Note(path: "/p/\(number).md", title: "ready", body: "reach readyx reals \(number)"))
                    }
                }
            }
            for prefix in ["r", "re", "rea", "read", "reade", "readi", "ready", "real", "z", "reach"] {
                let (read, listed, fromLeaves) = try db.transaction(.deferred) {
                    (try PrefixPostings.parts(prefix, db, reading: .leaves, limits: limits),
                     try PrefixPostings.parts(prefix, db, reading: .fts5(scanBelow: 0), limits: limits),
                     try PrefixPostings.partsFromLeaves(prefix, db, limits: limits) != nil)
                }
                // Under the default limits the leaves decide every prefix themselves.
                if expansions == 1_000 { #expect(fromLeaves, "\(state): \(prefix)") }
                switch (read, listed) {
                case (.success(let read), .success(let listed)):
                    outcomes.insert("served")
                    #expect(read.tracked.map(\.term) == listed.tracked.map(\.term), "\(state): \(prefix)")
                    #expect(read.tracked.map(\.documents) == listed.tracked.map(\.documents), "\(state): \(prefix)")
                    #expect(read.untracked == listed.untracked, "\(state): \(prefix)")
                case (.failure(let read), .failure(let listed)):
                    outcomes.insert(listed.reason.contains("expansions,") ? "too many expansions" : "too many notes")
                    #expect(read.reason == listed.reason, "\(state): \(prefix)")
                default:
                    Issue.record("\(state): \(prefix): \(read) against \(listed)")
                }
            }
        }
        // The limits below the defaults turn some prefixes away, each way.
        if expansions < 1_000 { #expect(outcomes.count >= 2, "\(outcomes)") }
    }

    /// An expansion whose only note was deleted, while its segment still holds it under a delete entry, is no
    /// expansion: the leaves count it as `fts5vocab` does (not at all), so a limit of exactly the listed
    /// expansions serves the prefix both ways.
    @Test func aTermWithEveryNoteDeletedIsNoExpansion() throws {
        let index = try Self.index()
        let db = index.connection
        try index.transaction {
            _ = try index.save(Note(path: "/gone.md", title: "Gone", body: "readzq read"))
        }
        let gone = try #require(try db.scalarInt("SELECT id FROM notes WHERE path = '/gone.md'"))
        try index.transaction { _ = try index.deleteNote(id: Int64(gone)) }
        try db.execute(Vocabulary.fts5VocabularySQL)
        let listed = try db.query("SELECT term FROM temp.notes_fts_terms WHERE term >= 'read' AND term < 'reae'") { $0.text(0) ?? "" }
        #expect(!listed.contains("readzq"))
        let limits = PrefixPostings.Limits(expansions: listed.count, untrackedNotes: 8_000, untrackedShare: 0.25)
        let (read, fromLeaves) = try db.transaction(.deferred) {
            (try PrefixPostings.parts("read", db, reading: .leaves, limits: limits),
             try PrefixPostings.partsFromLeaves("read", db, limits: limits))
        }
        guard case .success? = fromLeaves, case .success = read else {
            Issue.record("not served: \(String(describing: fromLeaves))")
            return
        }
    }

    private static func checkReadings(_ db: Connection, state: String) throws {
        for prefix in ["r", "re", "rea", "read", "reade", "readi", "ready", "real"] {
            guard case .success(let walked) = try PrefixPostings.load(prefix, db, reading: .fts5(scanBelow: 0)),
                  case .success(let scanned) = try PrefixPostings.load(prefix, db, reading: .fts5(scanBelow: 1_000_000)),
                  // Inside a transaction, as a search reads it (outside one, the leaves are not read).
                  case .success(let read) = try db.transaction(.deferred, { try PrefixPostings.load(prefix, db, reading: .leaves) }) else {
                Issue.record("\(prefix) not served")
                continue
            }
            #expect(walked.count > 0 && scanned == walked && read == walked, "\(state): \(prefix)")
            let expected = try db.query("""
                SELECT rowid, notes_phrase_frequency(notes_fts), notes_row_size(notes_fts) FROM notes_fts
                WHERE notes_fts MATCH ?1 ORDER BY rowid
                """, [.text("\"\(prefix)\"*")]) { ($0.int64(0), $0.double(1), Int32($0.int(2))) }
            #expect(read.ids == expected.map(\.0), "\(state): \(prefix)")
            #expect(read.frequencies == expected.map(\.1), "\(state): \(prefix)")
            #expect(read.sizes == expected.map(\.2), "\(state): \(prefix)")
        }
    }

    @Test func mergesListsAsADictionaryOfNotesWould() {
        var random = SeededGenerator(state: 20_261_201)
        for round in 0..<200 {
            var reference: [Int64: (frequency: Double, size: Int)] = [:]
            let lists = (0..<(1 + Int(random.next() % 4))).map { _ in
                var list = PostingList()
                var id: Int64 = 0
                for _ in 0..<Int(random.next() % (round % 5 == 0 ? 3 : 60)) {
                    id += 1 + Int64(random.next() % 5)
                    let frequency = Double(1 + random.next() % 20), size = 10 + Int(id % 90)
                    list.append(id: id, frequency: frequency, size: size)
                    reference[id, default: (0, size)].frequency += frequency
                }
                return list
            }
            let merged = PrefixPostings.merged(lists)
            #expect(merged.ids == reference.keys.sorted(), "round \(round)")
            #expect(merged.ids.indices.allSatisfy { index in
                let expected = reference[merged.ids[index]]
                return merged.frequencies[index] == expected?.frequency && Int(merged.sizes[index]) == expected?.size
            }, "round \(round)")
        }
    }

    /// The in-place merge of a list decoded just past room for another gives what the two-list union gives,
    /// wherever the room starts in a larger list and whatever the overlap.
    @Test func mergesInPlaceAsTheUnionDoes() {
        var random = SeededGenerator(state: 20_261_202)
        func list(_ length: Int, step: Int64) -> PostingList {
            var list = PostingList()
            var id: Int64 = 0
            for _ in 0..<length {
                id += 1 + Int64(random.next() % UInt64(step))
                list.append(id: id, frequency: Double(1 + random.next() % 20), size: 10 + Int(id % 90))
            }
            return list
        }
        for round in 0..<300 {
            let tracked = list(Int(random.next() % 200), step: 3)
            let untracked = list(Int(random.next() % (round % 3 == 0 ? 2 : 80)), step: round % 2 == 0 ? 2 : 9)
            // Sizes must agree for a note in both, as they do in an index.
            var sized = PostingList()
            for index in 0..<untracked.count {
                let id = untracked.ids[index]
                sized.append(id: id, frequency: untracked.frequencies[index], size: 10 + Int(id % 90))
            }
            let before = Int(random.next() % 5)
            var room = PostingList()
            room.extend(by: before + sized.count + tracked.count + 3)
            var end = before + sized.count
            room.place(tracked, at: &end)
            let merged = room.merge(sized, inPlaceOf: (before + sized.count)..<end)
            let expected = PrefixPostings.union(tracked, sized)
            #expect(merged == before + expected.count, "round \(round)")
            #expect(Array(room.ids[before..<merged]) == expected.ids, "round \(round)")
            #expect(Array(room.frequencies[before..<merged]) == expected.frequencies, "round \(round)")
            #expect(Array(room.sizes[before..<merged]) == expected.sizes, "round \(round)")
        }
    }
}
