extension Snippet {
    /// A snippet of at most `words` space-delimited words cut from a whole highlighted column (FTS5 markers
    /// ``openMarker``/``closeMarker``, as `notes_highlight` returns it): the window holding the most marks,
    /// starting a little before the first of them, with `…` where text was cut.
    ///
    /// Used for queries with CJK terms, whose overlapping bigram matches FTS5's `snippet()` cannot mark
    /// safely (see `MatchHighlighter` in NotesTokenizer).
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

        func wordIndex(containing offset: Int) -> Int {
            spans.firstIndex { $0.upperBound > offset } ?? spans.count - 1
        }
        let context = min(2, size / 4)
        var best = (first: 0, score: -1)
        for highlight in whole.highlights {
            let first = max(0, min(wordIndex(containing: highlight.lowerBound) - context, spans.count - size))
            let lower = spans[first].lowerBound
            let upper = spans[first + size - 1].upperBound
            let score = whole.highlights.filter { $0.lowerBound >= lower && $0.upperBound <= upper }.count
            if score > best.score { best = (first, score) }
        }
        let first = max(best.first, 0)
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
