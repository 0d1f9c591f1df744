/// The phrases of a MATCH expression (``FTS5Expression``'s output) in FTS5's order, each as the tokens it
/// matches, so code that reads a note's text itself can find the instances FTS5's `xInst` would report.
///
/// FTS5 numbers a query's phrases left to right as it parses them; a snippet counts distinct phrase numbers,
/// so the order and the repeats matter (`("read" OR "read" OR "reads")` is three phrases). Phrases after the
/// top-level `NOT` never match a row the query matched, so they are kept as numbers only. `nil` for what
/// this does not read: a column filter, a phrase with no token, more than ``tokenLimit`` tokens in all, or
/// any syntax FTS5Expression does not write for the top-k path.
struct QueryPhrases {
    /// One phrase: the tokens it matches at consecutive positions, the last one whole or (``isPrefix``) as
    /// the start of a longer token.
    struct Phrase {
        /// The tokens' bytes, as FTS5 indexes them; empty for a phrase that cannot match (an exclusion).
        var tokens: [[UInt8]]
        /// Whether the last token matches every token that begins with it (`read*`, `"deploy the"*`).
        var isPrefix: Bool

        /// A phrase of one token.
        init(token: [UInt8]?, isPrefix: Bool) {
            self.init(tokens: token.map { [$0] } ?? [], isPrefix: isPrefix)
        }

        /// A phrase of `tokens`.
        init(tokens: [[UInt8]], isPrefix: Bool) {
            self.tokens = tokens
            self.isPrefix = isPrefix
        }
    }

    /// The phrases, in FTS5's numbering.
    let phrases: [Phrase]
    /// Their tokens laid out for ``PhraseScan``.
    let matcher: PhraseMatcher

    /// The most tokens the phrases hold together (``PhraseScan`` keeps one bit for each).
    static let tokenLimit = 64

    /// Reads `match`, tokenizing each quoted string with `tokenizer` as FTS5's query parser does.
    init?(match: String, tokenizer: TermTokenizer) {
        var reader = ExpressionReader(scalars: Array(match.unicodeScalars))
        var phrases: [Phrase] = []
        // Brackets open; the depth of the `NOT` whose right side is being read (`(p NOT (a OR b))`).
        var depth = 0
        var excludedAt: Int?
        while let item = reader.next() {
            switch item {
            // The outermost NOT decides: a NOT inside an excluded group is still excluded.
            case .operator("NOT"): if excludedAt == nil { excludedAt = depth }
            case .operator("AND"), .operator("OR"): continue
            case .open: depth += 1
            case .close:
                depth -= 1
                if let level = excludedAt, depth < level { excludedAt = nil }
            case .phrase(let text, let isPrefix):
                if excludedAt != nil { phrases.append(Phrase(tokens: [], isPrefix: false)); continue }
                guard let tokens = tokenizer.queryTokens(text, prefix: isPrefix), !tokens.isEmpty else { return nil }
                phrases.append(Phrase(tokens: tokens.map { Array($0.utf8) }, isPrefix: isPrefix))
            case .operator, .unknown: return nil
            }
        }
        guard !phrases.isEmpty, phrases.reduce(0, { $0 + $1.tokens.count }) <= Self.tokenLimit else { return nil }
        self.phrases = phrases
        matcher = PhraseMatcher(phrases)
    }
}

/// The items of an FTS5 expression as ``FTS5Expression`` writes it: quoted strings (`""` inside is a quote),
/// an optional `*` after one, the bare operators, brackets.
///
/// A bare word other than an operator (a column name before `:`), or any other character, reads as `.unknown`.
private struct ExpressionReader {
    enum Item {
        case phrase(String, isPrefix: Bool)
        case `operator`(String)
        case open
        case close
        case unknown
    }

    let scalars: [Unicode.Scalar]
    var index = 0

    mutating func next() -> Item? {
        skipSpaces()
        guard index < scalars.count else { return nil }
        let scalar = scalars[index]
        if scalar == "(" || scalar == ")" { index += 1; return scalar == "(" ? .open : .close }
        if scalar == "\"" { return phrase() }
        var word = String.UnicodeScalarView()
        while index < scalars.count, scalars[index].properties.isAlphabetic {
            word.append(scalars[index])
            index += 1
        }
        return word.isEmpty ? .unknown : .operator(String(word))
    }

    private mutating func phrase() -> Item {
        var text = String.UnicodeScalarView()
        index += 1
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar != "\"" { text.append(scalar); continue }
            guard index < scalars.count, scalars[index] == "\"" else {
                skipSpaces()
                let isPrefix = index < scalars.count && scalars[index] == "*"
                if isPrefix { index += 1 }
                return .phrase(String(text), isPrefix: isPrefix)
            }
            text.append("\"")
            index += 1
        }
        return .unknown
    }

    private mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\n" || scalars[index] == "\t" { index += 1 }
    }
}
