import Foundation

/// Reads an Evernote export (`.enex`): each `<note>` is a note with its `<title>`, its `<content>` (ENML,
/// read as HTML text), its `<tag>`s and `<created>`/`<updated>` dates. Attachments (`<resource>`) are not
/// read; notes with a `<deleted>` date are left out.
enum EvernoteReader {
    /// The notes of `text` read from `path`.
    static func notes(text: String, path: String) throws -> [Note] {
        guard text.contains("<en-export") else { throw NoteReadError("not an Evernote export (no <en-export> element)") }
        var notes: [Note] = []
        var rest = Substring(text)
        var line = 1
        while let start = find("<note>", in: rest) {
            line += rest[..<start.lowerBound].utf8.count { $0 == 0x0A }
            guard let end = find("</note>", in: rest[start.upperBound...]) else {
                throw NoteReadError("malformed Evernote export (a <note> at line \(line) is not closed)")
            }
            let element = rest[start.upperBound..<end.lowerBound]
            if first("deleted", in: element) == nil {
                notes.append(note(element, path: path, line: line))
            }
            line += rest[start.lowerBound..<end.upperBound].utf8.count { $0 == 0x0A }
            rest = rest[end.upperBound...]
        }
        return notes
    }

    private static func note(_ element: Substring, path: String, line: Int) -> Note {
        // Attachments can be megabytes of base64: cut them off before looking for the other elements.
        let head = find("<resource>", in: element).map { element[..<$0.lowerBound] } ?? element
        let body = first("content", in: head).map { HTMLText(String($0)).text } ?? ""
        var tags: [String] = []
        var rest = head
        while let range = find("<tag>", in: rest), let end = find("</tag>", in: rest[range.upperBound...]) {
            tags.append(unescape(rest[range.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return JSONNoteFields.note(path: path, line: line, title: first("title", in: head).map(unescape), body: body,
                                   tags: tags, created: first("created", in: head).flatMap { LooseDate.parse(String($0)) },
                                   modified: first("updated", in: head).flatMap { LooseDate.parse(String($0)) })
    }

    /// The raw inside of the first `<name>` element in `text` (a CDATA section is unwrapped; entities are
    /// decoded for ENML content, whose markup comes escaped when there is no CDATA).
    private static func first(_ name: String, in text: Substring) -> Substring? {
        guard let open = find("<\(name)>", in: text), let close = find("</\(name)>", in: text[open.upperBound...]) else {
            return nil
        }
        let inside = text[open.upperBound..<close.lowerBound]
        let trimmed = inside.drop(while: \.isWhitespace)
        if trimmed.hasPrefix("<![CDATA["), let end = trimmed.range(of: "]]>", options: .backwards) {
            return trimmed[trimmed.index(trimmed.startIndex, offsetBy: 9)..<end.lowerBound]
        }
        return name == "content" ? Substring(HTMLText.decode(inside)) : inside
    }

    /// Where `needle` (ASCII markup) first occurs in `text`, found on its UTF-8 bytes. Foundation's
    /// `range(of:)` on a substring took time growing with what is left of the file at every call, so an export
    /// of 4,000 notes took 11.4 s where 1,000 took 2.0 s.
    private static func find(_ needle: String, in text: Substring) -> Range<Substring.Index>? {
        guard let offset = ByteSearch.firstOffset(of: needle, in: text) else { return nil }
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return start..<text.utf8.index(start, offsetBy: needle.utf8.count)
    }

    private static func unescape(_ text: Substring) -> String {
        HTMLText.decode(text).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
