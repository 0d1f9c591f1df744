import Testing
@testable import NotesFTS

/// ``CaseFolding``: Unicode's simple case folding, one scalar for one, so that case variants (final sigma,
/// `ẞ`, `İ`, the Kelvin sign…) fold alike, and where each folded scalar came from.
@Suite struct CaseFoldingTests {
    @Test(arguments: [
        ("Deploy NOW", "deploy now"), ("ÄRGER", "ärger"), ("İstanbul", "istanbul"), ("ΟΔΟΣ", "οδοσ"), ("οδος", "οδοσ"),
        ("Οδός", "οδόσ"), ("ǅemal", "ǆemal"), ("Ⅻ \u{212A}", "ⅻ k"), ("👍🏽 1️⃣", "👍🏽 1️⃣"), ("हिंदी", "हिंदी"),
        ("국회", "국회"), ("", ""), ("ẞ", "ß"), ("STRAẞE", "straße"), ("Straße", "straße"), ("ıslak ISLAK", "ıslak islak"),
        ("\u{13A0}\u{AB70}", "\u{AB70}\u{AB70}"), ("ϐ ϑ ſ \u{345}", "β θ s ι"), ("ÖKONOMIE", "ökonomie"),
    ])
    func foldsCaseVariantsAlike(text: String, expected: String) {
        let folded = CaseFolding.scalars(of: text)
        #expect(String(String.UnicodeScalarView(folded.scalars)) == expected)
        #expect(folded.origins == Array(0..<text.unicodeScalars.count))
    }

    /// Every scalar of the first two planes that has a case: folding again changes nothing, and a scalar folds as its upper case
    /// and its lower case do (when each is one scalar), but for dotless `ı`, which Unicode keeps apart from `I`.
    /// Scalars NFC replaces (U+1FBE is `ι` in NFC) are never folded: text is NFC-normalised first.
    @Test func foldingIsStableAndJoinsEveryCasePair() {
        var unjoined: [Unicode.Scalar] = []
        for value in UInt32(0)..<0x20000 {
            guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped || scalar.properties.changesWhenCaseFolded,
                  scalar.isASCII || Array(TextNormalization.normalize(String(scalar)).unicodeScalars) == [scalar] else { continue }
            let folded = CaseFolding.folded(scalar)
            #expect(CaseFolding.folded(folded) == folded, "\(scalar)")
            for mapping in [scalar.properties.uppercaseMapping, scalar.properties.lowercaseMapping] {
                let variants = Array(mapping.unicodeScalars)
                if variants.count == 1 && CaseFolding.folded(variants[0]) != folded { unjoined.append(scalar) }
            }
        }
        #expect(unjoined == ["\u{131}"])
    }

    @Test func aScalarFoldsInPlace() {
        let folded = CaseFolding.scalars(of: "Aİbς")
        #expect(folded.scalars == ["a", "i", "b", "σ"])
        #expect(folded.origins == [0, 1, 2, 3])
    }

    /// Notes whose folders and text hold case variants that lower-casing alone left apart.
    static let variantNotes = [
        Note(path: "/n/Οδός/1.md", title: "One", body: "greek road οδός"),
        Note(path: "/n/İstanbul/2.md", title: "Two", body: "İSTANBUL trip"),
        Note(path: "/n/STRAẞE/3.md", title: "Three", body: "Straße sign"),
        Note(path: "/n/ıslak/4.md", title: "Four", body: "ıslak towel"),
    ]

    /// `path:` filters and substring search find a note by any case of its folder or text, as word search does
    /// (`ΟΔΌΣ` finds `οδός`, `istanbul` finds `İstanbul`); dotless `ı` stays apart from `i`, as in the index.
    @Test(arguments: [
        ("path:ΟΔΌΣ", ["One"]), ("path:οδόσ", ["One"]), ("path:istanbul", ["Two"]), ("path:İSTANBUL", ["Two"]),
        ("path:straße", ["Three"]), ("path:ıslak", ["Four"]), ("path:islak", []), ("-path:istanbul -path:οδόσ", ["Four", "Three"]),
    ])
    func pathFiltersFindEveryCaseOfAFolder(query: String, titles: [String]) throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        defer { index.close() }
        for note in Self.variantNotes { try index.save(note) }
        #expect(try index.search(query).map(\.title).sorted() == titles)
        #expect(try index.count(query) == titles.count)
    }

    @Test(arguments: [("ΟΔΌΣ", ["One"]), ("road οδόσ", ["One"]), ("istanbul", ["Two"]), ("STRAẞE", ["Three"]), ("islak", [])])
    func substringsFindEveryCaseOfTheText(text: String, titles: [String]) throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        defer { index.close() }
        for note in Self.variantNotes { try index.save(note) }
        #expect(try index.searchSubstring(SubstringQuery(text)).map(\.title) == titles)
    }
}
