import Foundation
import SQLiteKit
import TestScratch
import Testing
@testable import NotesFTS

/// Acceptance 1 of issue 4: over a generated Korean corpus, every query of 1 to 6 syllables finds exactly
/// the notes `LIKE '%q%'` finds (after NFC), through the index.
@Suite struct KoreanRecallTests {
    private static let nouns = [
        "국회", "국회의원", "의원", "법률안", "법률", "데이터베이스", "데이터", "전문검색", "검색", "검색어", "색인",
        "회의", "회의록", "일정", "배포", "서버", "개발자", "사용자", "프로그램", "정부", "대통령", "선거", "국민",
        "학교", "학생", "선생님", "도서관", "책", "커피", "점심", "저녁", "여행", "서울", "부산", "제주도", "바다",
        "날씨", "비", "눈", "사랑", "가족", "친구", "한국어", "문법", "형태소", "분석기", "토큰", "질의", "결과",
    ]
    private static let particles = ["", "은", "는", "이", "가", "을", "를", "의", "에", "에서", "으로", "로", "과", "와", "도", "만"]
    private static let verbs = [
        "제출할 수 있다", "만든다", "찾았다", "했다", "간다", "좋아한다", "읽었다", "정리했다", "논의했다", "배웠다",
        "준비한다", "확인했다", "검토했다", "시작했다",
    ]
    private static let latin = ["SQLite", "FTS5", "Swift", "macOS", "API", "log", "catalog", "2024년", "v2"]

    /// 240 notes: sentences of nouns with particles, verbs, some Latin words and some Hanja.
    private static func corpus() -> [Note] {
        var generator = SeededGenerator(state: 20_240_401)
        var notes: [Note] = []
        for number in 0..<240 {
            var sentences: [String] = []
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                var words: [String] = []
                for _ in 0..<(2 + Int(generator.next() % 4)) {
                    if generator.chance(12) {
                        words.append(generator.pick(latin) + (generator.chance(50) ? generator.pick(particles) : ""))
                    } else if generator.chance(4) {
                        words.append(generator.pick(["國會", "議員", "漢字"]) + generator.pick(particles))
                    } else {
                        words.append(generator.pick(nouns) + generator.pick(particles))
                    }
                }
                words.append(generator.pick(verbs))
                sentences.append(words.joined(separator: " ") + generator.pick([".", "!", "?", ","]))
            }
            let title = generator.pick(nouns) + (generator.chance(30) ? " " + generator.pick(nouns) : "")
            let tags = generator.chance(30) ? [generator.pick(nouns)] : []
            var body = sentences.joined(separator: " ")
            // Some notes arrive in NFD, as macOS writes them; the index stores NFC.
            if number % 7 == 0 { body = body.decomposedStringWithCanonicalMapping }
            notes.append(Note(path: "/notes/ko/\(number).md", title: title, body: body, tags: tags))
        }
        return notes
    }

    /// 1 to 6 syllables: whole words, word + particle, pieces crossing a word/particle boundary, nothing.
    static let queries = [
        "국", "회", "을", "의", "색", "책", "비", "는", "률", "쀍",
        "국회", "의원", "검색", "회의", "원은", "스를", "데이", "터베", "률안", "서울", "에서", "색인", "문검", "없다",
        "국회의", "의원은", "법률안", "데이터", "회의록", "제주도", "선생님", "도서관",
        "국회의원", "데이터베", "전문검색", "법률안을", "검색어를", "한국어의",
        "데이터베이", "국회의원은", "프로그램을", "형태소분석",
        "데이터베이스", "국회의원에서", "전문검색을",
    ]

    @Test func everyKoreanQueryFindsExactlyWhatLikeFinds() throws {
        let folder = URL(fileURLWithPath: ScratchFolder.make("korean-recall"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = try NoteIndex(path: folder.appendingPathComponent("index.sqlite").path)
        defer { index.close() }
        try index.transaction {
            for note in Self.corpus() { try index.save(note) }
        }
        #expect(try index.noteCount() >= 200)
        #expect(Self.queries.count >= 30)
        var nonEmpty = 0
        for raw in Self.queries {
            let query = TextNormalization.normalize(raw)
            #expect((1...6).contains(query.count))
            let expected = Set(try index.connection.query("""
                SELECT id FROM notes WHERE title LIKE ?1 OR body LIKE ?1 OR tags LIKE ?1
                """, [.text("%" + query + "%")]) { $0.int64(0) })
            let parsed = QueryParser.parse(query)
            let found = try index.search(parsed, options: SearchOptions(limit: 10_000))
            #expect(Set(found.map(\.id)) == expected, "query \(query): \(found.count) found, \(expected.count) by LIKE")
            #expect(found.count == expected.count, "query \(query) returned a note twice")
            #expect(try index.count(parsed) == expected.count, "count for \(query)")
            // Served by the index: the MATCH expression is a phrase (or a prefix for one syllable).
            let match = try #require(parsed.matchExpression)
            #expect(match == (query.count == 1 ? "\"\(query)\" *" : "\"\(query)\""))
            // Every hit marks the query in its snippet.
            for hit in found {
                let marked = hit.snippet.highlights.map { range in
                    String(String.UnicodeScalarView(Array(hit.snippet.text.unicodeScalars)[range]))
                }
                #expect(marked.contains { $0.contains(query) || query.contains($0) }, "\(query) in \(hit.snippet.text)")
            }
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty >= 30)
    }
}
