import Foundation

extension TextNoteReader {
    /// `#tags` in running text: after whitespace or at a line start, a letter first, then letters, digits,
    /// `_`, `-` or `/`. Headings (`# Title`) and `#123` are not tags.
    static func hashtags(in text: String) -> [String] {
        if !ByteSearch.contains(text, byte: UInt8(ascii: "#")) { return [] }
        var tags: [String] = []
        var inFence = false
        forEachLine(text) { line in
            if isFence(line) {
                inFence.toggle()
            } else if !inFence && contains(line, byte: UInt8(ascii: "#")) {
                hashtags(inLine: line, inFence: &inFence, into: &tags)
            }
            return true
        }
        return tags
    }

    private static func hashtags(inLine line: Substring, inFence: inout Bool, into tags: inout [String]) {
        let indented = line.drop(while: { $0 == " " })
        if indented.hasPrefix("```") || indented.hasPrefix("~~~") { inFence.toggle(); return }
        if inFence { return }
        var index = line.startIndex
        var previous: Character = " "
        var closing = ClosingBrackets(line)
        while index < line.endIndex {
            let character = line[index]
            let next = line.index(after: index)
            if character == "#" && previous.isWhitespace && line[next...].hasPrefix("[["),
               let close = closing.first(from: next) {
                // Logseq's `#[[multi word]]`.
                let tag = line[line.index(next, offsetBy: 2)..<close.lowerBound]
                if !tag.isEmpty { tags.append(String(tag)) }
                previous = "x"
                index = close.upperBound
                continue
            }
            if character == "#" && previous.isWhitespace && next < line.endIndex && line[next].isLetter {
                var end = next
                while end < line.endIndex && isTagCharacter(line[end]) { end = line.index(after: end) }
                if let (multiWord, after) = bearTag(line, from: next) {
                    tags.append(String(multiWord))
                    previous = "x"
                    index = after
                    continue
                }
                var tag = line[next..<end]
                while tag.last == "/" || tag.last == "-" { tag = tag.dropLast() }
                tags.append(String(tag))
                previous = "x"
                index = end
                continue
            }
            previous = character
            index = next
        }
    }

    /// Bear's closed tag starting at `start` (after its `#`): `places to eat#`, words and single spaces up to
    /// a `#` that follows a non-space and is not followed by a letter or digit. Returns the tag and where the
    /// text goes on.
    static func bearTag(_ line: Substring, from start: Substring.Index) -> (Substring, Substring.Index)? {
        var index = start
        var length = 0
        while index < line.endIndex, length <= 60 {
            let character = line[index]
            if character == "#" {
                let after = line.index(after: index)
                let tag = line[start..<index]
                guard tag.last != " ", after == line.endIndex || !(line[after].isLetter || line[after].isNumber) else { return nil }
                return (tag, after)
            }
            guard isTagCharacter(character) || (character == " " && line[line.index(before: index)] != " ") else { return nil }
            index = line.index(after: index)
            length += 1
        }
        return nil
    }

    /// The `]]` closing a line's `#[[` tags, found by scanning the line's bytes once from left to right however
    /// many `#[[` ask (a search of the rest of the line at each one took time growing with the square of the
    /// line's length).
    struct ClosingBrackets {
        private let bytes: Substring.UTF8View
        /// How many bytes the searches have read, in all (at most the line's length plus one a search).
        private(set) var bytesRead = 0
        /// The last `]]` found: the first one at or after where it was looked for.
        private var found: Range<Substring.Index>?
        /// Whether a search found no `]]` (then there is none after any later position either).
        private var exhausted = false

        init(_ line: Substring) { bytes = line.utf8 }

        /// The first `]]` at or after `start`; `start` never decreases from one call to the next.
        mutating func first(from start: Substring.Index) -> Range<Substring.Index>? {
            if let found, found.lowerBound >= start { return found }
            if exhausted { return nil }
            var index = start
            while index < bytes.endIndex {
                let after = bytes.index(after: index)
                bytesRead += 1
                if bytes[index] == UInt8(ascii: "]") && after < bytes.endIndex && bytes[after] == UInt8(ascii: "]") {
                    found = index..<bytes.index(after: after)
                    return found
                }
                index = after
            }
            exhausted = true
            return nil
        }
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "/"
    }
}
