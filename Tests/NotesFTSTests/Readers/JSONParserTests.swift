import Testing
@testable import NotesFTS

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONNode {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.document()
    }

    @Test func valuesEscapesAndNumbers() throws {
        let node = try parse(#"{"a": [1, -2.5e2, true, false, null], "s": "q\"\\\/\n\u00e9\ud83d\ude00", "big": 1706693400000000}"#)
        #expect(node["a"] == .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
        #expect(node["s"] == .string("q\"\\/\né😀"))
        #expect(node["big"] == .number(1_706_693_400_000_000))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1), ("[1 2]", 1), ("{\"a\"\n:\n}", 3), ("\"raw\ttab\"", 1), ("[\r\n1,\r\n", 3),
        ("{\"a\": tru}", 1), ("[01x]", 1), ("\"\\x\"", 1), ("", 1), ("[1] 2", 1),
    ])
    func syntaxErrorsNameTheirLine(text: String, line: Int) {
        #expect {
            try parse(text)
        } throws: { error in
            (error as? JSONParser.SyntaxError)?.line == line
        }
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() {
        #expect(throws: JSONParser.SyntaxError.self) {
            try parse(String(repeating: "[", count: 100_000))
        }
    }

    @Test func streamingHandsOutElementsWithTheirLines() throws {
        var parser = JSONParser(bytes: Array("{\"version\": 1,\r\n \"trashedNotes\": [{\"x\": 1}],\r\n \"notes\": [\r\n{\"t\": 1},\r{\"t\": 2}]}".utf8))
        var seen: [Int] = []
        try parser.streamNotes(wrapperKeys: ["notes"], ignoredKeys: ["trashedNotes"]) { node, line, layout in
            #expect(layout == .wrapped("notes"))
            if case .number(let value)? = node["t"] { seen.append(Int(value) * 100 + line) }
        }
        #expect(seen == [104, 205])
    }
}
