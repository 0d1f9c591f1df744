extension QueryParser.Parser {
    /// The words that are operators when typed in upper case (`and`, `or`, `not` are always words).
    static let operatorWords: Set<String> = ["AND", "OR", "NOT"]

    /// The position of the one operator word searched as a word: the first of a query that holds nothing but
    /// operator words and syntax (`OR`, `NOT`, `(AND)`, `AND AND`), so that such a query still searches
    /// something. Anywhere else an operator without its terms is stray: ignored, with a note
    /// (``ignoreStray(_:_:)``), never searched as a word (`deploy AND` is `deploy`, not `deploy AND "and"`).
    static func literalOperator(in tokens: [QueryParser.Token]) -> Int? {
        var first: Int?
        for (position, token) in tokens.enumerated() {
            switch token {
            case .word(let word):
                guard operatorWords.contains(word) else { return nil }
                if first == nil { first = position }
            case .phrase:
                return nil
            case .minus, .open, .close, .bar, .unbalancedQuote:
                continue
            }
        }
        return first
    }

    /// Whether `token` is the operator word `name` (upper case, as typed).
    func isOperator(_ token: QueryParser.Token?, _ name: String) -> Bool {
        if case .word(let word) = token { return word == name }
        return false
    }

    /// Whether a term starts at `position`: an exclusion (`NOT`, `-`) only if a term starts after it, so the
    /// `NOT` of `deploy AND NOT` is no term for the `AND` to join (the chain is walked, not recursed into).
    func startsOperand(at position: Int) -> Bool {
        var position = position
        while position < tokens.count, tokens[position] == .minus || isOperator(tokens[position], "NOT") {
            position += 1
        }
        guard position < tokens.count else { return false }
        switch tokens[position] {
        case .close, .bar: return false
        case .word(let word): return word != "OR" && word != "AND"
        default: return true
        }
    }

    /// Notes an operator (`OR`, `|`, `AND`, `NOT`) left out for lack of its terms, once per kind.
    mutating func ignoreStray(_ spelled: String, _ lacking: String) {
        let note = "ignored `\(spelled)` without \(lacking)"
        if !query.notes.contains(note) { query.notes.append(note) }
    }
}
