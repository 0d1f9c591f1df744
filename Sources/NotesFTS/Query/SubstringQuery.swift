import NotesTokenizer

/// A substring search for any script: the notes whose title, body or tags contain `text`, as
/// `LIKE '%text%'` finds them but case-insensitive beyond ASCII (`Ä` finds `ä`; accents still count).
/// Text is compared scalar by scalar, as LIKE compares it, not by user-perceived characters: `हिंद` is found
/// inside `हिंदी`, `👍` inside `👍🏽`, `1` inside the keycap `1️⃣` (``CaseFolding``).
///
/// The index narrows the candidates wherever the tokens allow (``matchExpression``), and every candidate is
/// then checked against the text itself, so the result is exact:
///
/// - a CJK run of two or more characters must appear as a phrase of bigrams; a single CJK character as a
///   prefix (`"국" *`);
/// - a word that the text delimits on both sides (by a space, punctuation or a change of script) must be a
///   token (`" log "` needs the token `log`); one delimited only before it must start a token (`"log" *`);
/// - a word cut on its left (`talog`) says nothing the index can use; when no part of the text gives a
///   condition, every note is scanned.
///
/// ```swift
/// let query = SubstringQuery("talog 갱신")
/// query.matchExpression  // "\"갱신\""   (talog can end any word: checked row by row)
/// ```
public struct SubstringQuery: Sendable, Equatable {
    /// The text searched for (NFC).
    public let text: String
    /// The text case-folded (``CaseFolding``), compared against case-folded note text scalar by scalar.
    let folded: [Unicode.Scalar]

    /// Creates a query for `text` (NFC-normalised).
    public init(_ text: String) {
        self.text = TextNormalization.normalize(text)
        self.folded = CaseFolding.scalars(of: self.text).scalars
    }

    /// Whether there is anything to search for.
    public var isEmpty: Bool { text.isEmpty }

    /// The FTS5 expression every note containing ``text`` satisfies, or `nil` when the tokens give none
    /// and the search scans every note.
    public var matchExpression: String? {
        let conditions = pieces.compactMap(\.condition)
        return conditions.isEmpty ? nil : conditions.joined(separator: " AND ")
    }

    /// A maximal run of token characters of one kind (CJK or not), and whether the text delimits it.
    private struct Piece {
        var text: String
        var isCJK: Bool
        var delimitedBefore: Bool
        var delimitedAfter: Bool

        var condition: String? {
            let quoted = "\"" + FTS5Expression.escapingQuotes(text) + "\""
            if isCJK { return text.unicodeScalars.count >= 2 ? quoted : quoted + " *" }
            if delimitedBefore { return delimitedAfter ? quoted : quoted + " *" }
            return nil
        }
    }

    private var pieces: [Piece] {
        var pieces: [Piece] = []
        var current: Piece?
        var afterSeparator = false
        for scalar in text.unicodeScalars {
            guard CJKScript.isTokenCharacter(scalar) else {
                if var piece = current {
                    piece.delimitedAfter = true
                    pieces.append(piece)
                    current = nil
                }
                afterSeparator = true
                continue
            }
            let isCJK = CJKScript.contains(scalar)
            if var piece = current, piece.isCJK == isCJK {
                piece.text.unicodeScalars.append(scalar)
                current = piece
            } else {
                // A change of script delimits both sides: the tokenizer splits there.
                var delimitedBefore = afterSeparator
                if var piece = current {
                    piece.delimitedAfter = true
                    pieces.append(piece)
                    delimitedBefore = true
                }
                current = Piece(text: String(scalar), isCJK: isCJK, delimitedBefore: delimitedBefore, delimitedAfter: false)
            }
            afterSeparator = false
        }
        if let piece = current { pieces.append(piece) }
        return pieces
    }

    /// The ranges of `haystack`, in Unicode scalar offsets, where ``text`` occurs case-insensitively, in order
    /// and not overlapping. A match that covers part of a scalar's folding covers the whole scalar.
    func occurrences(in haystack: String) -> [Range<Int>] {
        guard let first = folded.first else { return [] }
        let (scalars, origins) = CaseFolding.scalars(of: haystack)
        var found: [Range<Int>] = []
        var start = 0
        while start + folded.count <= scalars.count {
            if scalars[start] == first && scalars[start..<(start + folded.count)].elementsEqual(folded) {
                let range = origins[start]..<(origins[start + folded.count - 1] + 1)
                if range.lowerBound >= (found.last?.upperBound ?? 0) { found.append(range) }
                start += folded.count
            } else {
                start += 1
            }
        }
        return found
    }

    /// Whether `haystack` contains ``text``, case-insensitively.
    public func matches(_ haystack: String) -> Bool {
        !occurrences(in: haystack).isEmpty
    }

    /// `haystack` with each occurrence wrapped in the FTS5 highlight markers.
    func marked(_ haystack: String) -> String {
        let ranges = occurrences(in: haystack)
        guard !ranges.isEmpty else { return haystack }
        let scalars = Array(haystack.unicodeScalars)
        var result = String.UnicodeScalarView()
        var position = 0
        for range in ranges {
            result.append(contentsOf: scalars[position..<range.lowerBound])
            result.append(Snippet.openMarker)
            result.append(contentsOf: scalars[range])
            result.append(Snippet.closeMarker)
            position = range.upperBound
        }
        result.append(contentsOf: scalars[position...])
        return String(result)
    }
}

extension SubstringQuery {
    /// What `notes-find --substring … --explain` shows: the text, the FTS5 condition that narrows the
    /// candidates (or that every note is scanned), and the order.
    package func explanation(options: SearchOptions) -> [String] {
        ["substring: \"\(text)\" (case-insensitive)",
         "match:     \(matchExpression ?? "(none: every note is scanned)")",
         "order:     \(options.orderDescription)"]
    }
}
