import Foundation
import Testing
@testable import NotesFTS

@Suite struct SpellingTests {
    private func makeIndex(_ bodies: [String]) throws -> NoteIndex {
        let index = try TestFolder().openIndex()
        for (number, body) in bodies.enumerated() {
            try index.save(Note(path: "/n/\(number).md", title: "Note \(number)", body: body))
        }
        return index
    }

    private func correction(_ index: NoteIndex, _ text: String) throws -> [QueryCorrection] {
        try index.expand(QueryParser.parse(text)).corrections
    }

    @Test(arguments: [
        ("sourdugh", "sourdough"),      // a deletion, 8 letters
        ("suordough", "sourdough"),     // a transposition counts as one edit
        ("sourdoguh", "sourdough"),     // 9 letters: one transposition
        ("itinerery", "itinerary"),     // 9 letters: a substitution
        ("itinrerery", "itinerary"),    // 10 letters: two edits
        ("bakking", "baking"),          // an insertion
    ])
    func correctsWithinTheTolerance(typed: String, expected: String) throws {
        let index = try makeIndex(["Sourdough starter.", "Lisbon itinerary.", "Baking day."])
        #expect(try correction(index, typed) == [QueryCorrection(typed: typed, replacement: expected)])
    }

    @Test(arguments: [
        "surdouhhx",    // 9 letters, three edits
        "soudgh",       // 6 letters, two edits
        "bkaign",       // 6 letters, two transpositions
    ])
    func leavesWordsBeyondTheToleranceAlone(typed: String) throws {
        let index = try makeIndex(["Sourdough starter.", "Baking day."])
        #expect(try correction(index, typed).isEmpty)
    }

    @Test func shortWordsQuotedWordsAndExclusionsAreNeverCorrected() throws {
        let index = try makeIndex(["Bread and baking.", "Other"])
        #expect(try correction(index, "brad").isEmpty)            // 4 letters
        #expect(try correction(index, "\"bakimg\"").isEmpty)      // quoted: exact
        #expect(try correction(index, "other -bakimg").isEmpty)   // excluded
        #expect(try correction(index, "bakimg") == [QueryCorrection(typed: "bakimg", replacement: "baking")])
    }

    @Test func tiesGoToTheWordMoreNotesHold() throws {
        let index = try makeIndex(["parsed once", "parser one", "parser two", "parser three"])
        // "parsez" is one substitution from both "parsed" and "parser"; "parser" is in three notes.
        #expect(try correction(index, "parsez") == [QueryCorrection(typed: "parsez", replacement: "parser")])
    }

    @Test func theCorrectedQuerySearchesTheReplacement() throws {
        let index = try makeIndex(["Sourdough starter.", "Rye bread."])
        #expect(try index.search("sourdugh starter").map(\.title) == ["Note 0"])
        var exact = SearchOptions()
        exact.exact = true
        #expect(try index.search("sourdugh", options: exact).isEmpty)
    }

    @Test func suggestsNearWordsWhenNothingCanBeCorrected() throws {
        let index = try makeIndex(["Sourdough starter.", "Rye bread."])
        let suggestions = try index.suggestions(for: QueryParser.parse("soudrugh"))
        #expect(suggestions.map(\.word) == ["soudrugh"])
        #expect(suggestions.first?.suggestions == ["sourdough"])
    }

    /// Case and accents are folded before the lookup (ASCII by a fast path, the rest by the index's tokenizer).
    @Test(arguments: ["SOURDUGH", "SourDugh", "Sóurdugh", "SÓURDÜGH"])
    func foldsCaseAndAccentsFirst(typed: String) throws {
        let index = try makeIndex(["Sourdough starter."])
        #expect(try correction(index, typed) == [QueryCorrection(typed: "sourdugh", replacement: "sourdough")])
    }

    /// A word the notes hold but the word list lacks (written around the library, or an unfinished first
    /// build) is searched as typed: neither corrected to a near word nor answered with suggestions.
    @Test func aWordTheNotesHoldIsNeverCorrectedEvenWhenTheWordListMissesIt() throws {
        let index = try makeIndex(["Sourdough starter.", "Sourdugh, as the label says."])
        try index.wrap { try index.connection.execute("DELETE FROM vocabulary WHERE term = 'sourdugh'") }
        #expect(try correction(index, "sourdugh").isEmpty)
        #expect(try index.suggestions(for: QueryParser.parse("sourdugh")).isEmpty)
        #expect(try index.search("sourdugh").map(\.path) == ["/n/1.md"])
    }

    /// `ß` and ligatures: the tokenizer indexes `straße` and `ﬁnance` as they are, so the query word is that
    /// token, in the notes, and no correction applies (Foundation's folding made them `strasse` and `finance`,
    /// found in no note, and they were corrected to the nearest words, other notes).
    @Test(arguments: [("hauptstraße", "/n/0.md"), ("HAUPTSTRASSE", nil), ("ﬁnance", "/n/2.md")])
    func aWordTheTokenizerKeepsIsSearchedAsTheTokenizerReadsIt(typed: String, found: String?) throws {
        let index = try makeIndex(["Die Hauptstraße ist gesperrt.", "the hauptstrassen list", "Quarterly ﬁnance review", "financy"])
        if let found {
            #expect(try correction(index, typed).isEmpty, "\(typed)")
            #expect(try index.search(typed).map(\.path) == [found], "\(typed)")
        } else {
            // An ASCII word no note holds is still corrected as before.
            #expect(try correction(index, typed) == [QueryCorrection(typed: "hauptstrasse", replacement: "hauptstrassen")])
        }
    }

    /// The word list keeps the words of changed notes until a rebuild; a typo that only a changed note held
    /// is corrected once no note holds it, as in a fresh index, and suggestions are offered the same way.
    @Test func aWordNoNoteHoldsAnyMoreIsCorrectedThoughTheWordListStillHasIt() throws {
        let index = try makeIndex(["I will recieve the parcel.", "We receive mail daily."])
        #expect(try correction(index, "recieve").isEmpty)
        try index.save(Note(path: "/n/0.md", title: "Note 0", body: "I will receive the parcel."))
        #expect(try index.read { try NoteIndex.wordForms($0, of: "recieve") } == ["recieve"])
        #expect(try correction(index, "recieve") == [QueryCorrection(typed: "recieve", replacement: "receive")])
        #expect(try index.search("recieve").map(\.path).sorted() == ["/n/0.md", "/n/1.md"])
        // Two edits from `receive` in 7 letters: too far to correct, near enough to suggest, once no note holds it.
        try index.save(Note(path: "/n/2.md", title: "Note 2", body: "recievd"))
        #expect(try index.suggestions(for: QueryParser.parse("recievd")).isEmpty)
        try index.save(Note(path: "/n/2.md", title: "Note 2", body: "nothing"))
        #expect(try index.suggestions(for: QueryParser.parse("recievd")).map(\.suggestions) == [["receive"]])
    }

    @Test func wordsOfDeletedNotesAreNotOffered() throws {
        let index = try makeIndex(["Sourdough starter.", "Rye bread."])
        #expect(try index.deleteNote(id: 1))
        #expect(try correction(index, "sourdugh").isEmpty)
    }
}

@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("kitten", "sitting", 3), ("sourdough", "sourdugh", 1), ("ab", "ba", 1), ("abcd", "badc", 2),
        ("", "abc", 3), ("same", "same", 0), ("ca", "abc", 3),
    ])
    func distances(a: String, b: String, expected: Int) {
        #expect(EditDistance.between(Array(a.utf8), Array(b.utf8), limit: 5) == expected)
    }

    @Test func stopsAboveTheLimit() {
        #expect(EditDistance.between(Array("abcdefgh".utf8), Array("hgfedcba".utf8), limit: 2) == 3)
    }
}

@Suite struct SpellingCompletenessTests {
    /// The deletion-neighbourhood lookup finds exactly the nearest words a scan of the whole vocabulary finds,
    /// for misspellings of one and two random edits (seeded).
    @Test func findsWhatAScanFinds() throws {
        var random = SeededGenerator(state: 11)
        let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        let words = (0..<300).map { _ in
            String(decoding: (0..<(5 + Int(random.next() % 7))).map { _ in random.pick(Array(letters.prefix(6))) }, as: UTF8.self)
        }
        let index = try TestFolder().openIndex()
        for (number, word) in words.enumerated() {
            try index.save(Note(path: "/n/\(number).md", title: "n", body: word))
        }
        let vocabulary = Set(words)
        for round in 0..<60 {
            var typo = Array(random.pick(words).utf8)
            for _ in 0..<(1 + round % 2) {
                let position = Int(random.next() % UInt64(typo.count))
                switch random.next() % 4 {
                case 0: typo.remove(at: position)
                case 1: typo[position] = random.pick(Array(letters.prefix(6)))
                case 2: typo.insert(random.pick(Array(letters.prefix(6))), at: position)
                default: if position + 1 < typo.count { typo.swapAt(position, position + 1) }
                }
            }
            let text = String(decoding: typo, as: UTF8.self)
            guard !vocabulary.contains(text), typo.count >= 5 else { continue }
            let distances = vocabulary.map { ($0, EditDistance.between(typo, Array($0.utf8), limit: 2)) }.filter { $0.1 <= 2 }
            let nearest = distances.map { $0.1 }.min()
            let scanned = Set(distances.filter { $0.1 == nearest }.map { $0.0 })
            let found = try index.read { try Spelling.candidates(for: text, within: 2, db: $0) }
            #expect(Set(found.map { $0.term }) == scanned, "\(text)")
        }
    }

    /// Every word within two edits of the typed one is reachable from the probe set: it is one of the terms
    /// looked up, or one of its one-letter deletions has a key looked up. Checked against the whole two-edit
    /// ball (over the word's own letters and one more), repeated letters included.
    @Test(arguments: ["sourdough", "mississippi", "abababab", "frobnicate"])
    func probesReachTheWholeTwoEditBall(typed: String) {
        let word = Array(typed.utf8)
        let (terms, keys) = Spelling.probes(word, distance: 2)
        let ball = TwoEditBall.around(word)
        var missed: [String] = []
        for near in ball where near.count >= 5 && EditDistance.between(word, near, limit: 2) <= 2 {
            let reached = terms.contains(near) || Vocabulary.deletions(of: near).contains { keys.contains(Vocabulary.key($0)) }
            if !reached { missed.append(String(decoding: near, as: UTF8.self)) }
        }
        #expect(missed.isEmpty, "\(missed.prefix(5))")
    }
}
