import Foundation
import Testing
@testable import NotesCLI

@Suite struct JSONValueTests {
    @Test func keepsFieldOrderAndTypes() {
        let value = JSONValue.object([
            ("id", .int(3)), ("title", .string("Tea")), ("score", .double(1.25)), ("whole", .double(2)),
            ("tags", .array([.string("a")])), ("created", .string(nil)), ("ok", .bool(true)),
        ])
        #expect(value.rendered == #"{"id":3,"title":"Tea","score":1.25,"whole":2,"tags":["a"],"created":null,"ok":true}"#)
    }

    @Test(arguments: ["plain", "quote \" backslash \\ slash /", "line\nbreak\ttab\r", "\u{0}\u{1F}", "국회 😀 e\u{301}", "\u{2028}"])
    func stringsRoundTripThroughAJSONParser(text: String) throws {
        let rendered = JSONValue.object([("s", .string(text))]).rendered
        #expect(!rendered.contains("\n"))
        let parsed = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: String]
        #expect(parsed?["s"] == text)
    }

    @Test func nonFiniteNumbersBecomeNull() {
        #expect(JSONValue.double(.nan).rendered == "null")
    }
}
