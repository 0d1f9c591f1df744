import NotesTokenizer

extension Snippet {
    /// A snippet of at most `words` space-delimited words cut from a whole highlighted column (FTS5 markers
    /// ``openMarker``/``closeMarker``): the window holding the most marks, starting a little before the
    /// first of them, with `…` where text was cut. Linear in the text and its marks.
    ///
    /// Used by substring search, which marks the text itself.
    static func window(marked: String, words: Int) -> Snippet {
        let whole = Snippet(marked: marked)
        let scalars = Array(whole.text.unicodeScalars)
        // [start, end) scalar offsets of each word of the whitespace-folded text.
        var spans: [Range<Int>] = []
        var start: Int?
        for (offset, scalar) in scalars.enumerated() {
            if scalar == " " {
                if let begun = start { spans.append(begun..<offset) }
                start = nil
            } else if start == nil {
                start = offset
            }
        }
        if let begun = start { spans.append(begun..<scalars.count) }
        let size = max(words, 1)
        if spans.count <= size { return whole }

        // The word of each match (highlights and spans are both in text order: one merge), then the
        // window with the most matches (``SnippetWindow``): linear in the text and the matches.
        var matches: [SnippetMatch] = []
        var word = 0
        for highlight in whole.highlights {
            while word < spans.count - 1 && spans[word].upperBound <= highlight.lowerBound { word += 1 }
            matches.append(SnippetMatch(phrase: 0, position: word, length: 1))
        }
        let first = max(0, min(SnippetWindow.choose(matches, size: size).lowerBound, spans.count - size))
        let lower = spans[first].lowerBound
        let upper = spans[min(first + size, spans.count) - 1].upperBound
        let leading = first > 0 ? "…" : ""
        let trailing = first + size < spans.count ? "…" : ""
        var text = String.UnicodeScalarView()
        text.append(contentsOf: leading.unicodeScalars)
        text.append(contentsOf: scalars[lower..<upper])
        text.append(contentsOf: trailing.unicodeScalars)
        let shift = leading.unicodeScalars.count - lower
        let highlights = whole.highlights.compactMap { range -> Range<Int>? in
            let (from, to) = (max(range.lowerBound, lower), min(range.upperBound, upper))
            return from < to ? (from + shift)..<(to + shift) : nil
        }
        return Snippet(text: String(text), highlights: highlights)
    }
}
