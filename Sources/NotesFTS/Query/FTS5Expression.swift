import NotesTokenizer

/// The FTS5 compiler: turns parsed terms and trees into FTS5 MATCH expressions. Every term is double-quoted,
/// so no user input is ever read as FTS5 syntax; this is the only place query text becomes MATCH text.
enum FTS5Expression {
    /// `term` as an FTS5 string (see ``QueryTerm/matchExpression``).
    ///
    /// A word with other forms (``QueryTerm/forms``) becomes `("word" OR "word" OR "form"…)`: the typed word
    /// twice, so bm25 weighs the exact form above the others.
    static func term(_ term: QueryTerm) -> String {
        var expression = "\"" + escapingQuotes(term.text) + "\""
        if term.isPrefix || CJKScript.endsWithSingleCharacterRun(term.text) { expression += " *" }
        if !term.forms.isEmpty {
            let forms = term.forms.map { "\"" + escapingQuotes($0) + "\"" }
            expression = "(" + ([expression] + forms).joined(separator: " OR ") + ")"
        }
        if let column = term.column { expression = "\(column.rawValue) : " + expression }
        return expression
    }

    /// `text` with every `"` doubled, scalar by scalar: a quote followed by a combining mark (`"\u{301}`) is
    /// one `Character` that `replacingOccurrences(of: "\"", …)` would miss, leaving FTS5 a stray quote.
    static func escapingQuotes(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            escaped.append(scalar)
            if scalar == "\"" { escaped.append(scalar) }
        }
        return String(escaped)
    }

    /// The MATCH expression of a query tree's positive part, and, when it has none, the expression of the
    /// terms it excludes (`-draft path:work`).
    static func compile(_ root: QueryNode) -> (match: String?, exclusion: String?) {
        let (positive, negatives) = compileNode(root)
        if let positive {
            return (excluding(negatives, from: positive), nil)
        }
        if negatives.isEmpty { return (nil, nil) }
        return (nil, negatives.count == 1 ? negatives[0] : "(" + negatives.joined(separator: " OR ") + ")")
    }

    /// `positive` without any of `negatives`, as one `NOT` (`(p NOT (a OR b))`), so that many exclusions do
    /// not nest (FTS5's parser stack holds about 32 nested operators).
    private static func excluding(_ negatives: [String], from positive: String) -> String {
        switch negatives.count {
        case 0: return positive
        case 1: return "(\(positive) NOT \(negatives[0]))"
        default: return "(\(positive) NOT (" + negatives.joined(separator: " OR ") + "))"
        }
    }

    /// The first exclusion ``compile(_:)`` has no place for, and where it was: a side of OR that only excludes
    /// (`a OR -b`: an OR keeps only its sides' positive parts), or an exclusion of exclusions alone (`-(-a -b)`:
    /// an exclusion keeps only its operand's positive part). `nil` when every exclusion is compiled.
    static func unplacedExclusion(in node: QueryNode) -> (node: QueryNode, place: MisplacedExclusion.Place)? {
        switch node {
        case .term:
            return nil
        case .not(let inner):
            if !compileNode(inner).1.isEmpty { return (node, .insideExclusion) }
            return unplacedExclusion(in: inner)
        case .and(let children):
            return children.lazy.compactMap(unplacedExclusion).first
        case .or(let children):
            for child in children {
                if !compileNode(child).1.isEmpty { return (child, .insideOr) }
                if let found = unplacedExclusion(in: child) { return found }
            }
            return nil
        }
    }

    /// Compiles `node` into a positive FTS5 expression and the expressions it excludes.
    private static func compileNode(_ node: QueryNode) -> (String?, [String]) {
        switch node {
        case .term(let term):
            return (term.isSearchable ? term.matchExpression : nil, [])
        case .not(let inner):
            let (positive, _) = compileNode(inner)
            return (nil, positive.map { [$0] } ?? [])
        case .and(let children):
            var positives: [String] = []
            var negatives: [String] = []
            for child in children {
                let (positive, excluded) = compileNode(child)
                if let positive { positives.append(positive) }
                negatives += excluded
            }
            guard !positives.isEmpty else { return (nil, negatives) }
            let joined = positives.count == 1 ? positives[0] : "(" + positives.joined(separator: " AND ") + ")"
            return (excluding(negatives, from: joined), [])
        case .or(let children):
            let parts = children.compactMap { compileNode($0).0 }
            guard !parts.isEmpty else { return (nil, []) }
            return (parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " OR ") + ")", [])
        }
    }
}
