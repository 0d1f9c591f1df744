import Foundation

/// Turns what a person types into a ``ParsedQuery``. It never fails: whatever it cannot read as syntax
/// becomes plain text, and ``ParsedQuery/notes`` says so.
///
/// | input | meaning |
/// |---|---|
/// | `deploy friday` | both words (AND) |
/// | `"next week"` | the phrase |
/// | `deplo*` | a word starting with `deplo` |
/// | `a OR b`, `a \| b` | either |
/// | `-draft`, `NOT draft` | without `draft` (beside a positive term) |
/// | `(a OR b) c` | grouping |
/// | `title:x`, `body:x`, `tag:x`, `#x` | a word in one field |
/// | `path:work/` | path contains the fragment |
/// | `created:>=2024-01`, `modified:<7d` | date filters |
///
/// ```swift
/// let query = QueryParser.parse("title:meeting -draft \"next week\"")
/// query.matchExpression // (title : "meeting" AND "next week") NOT "draft"
/// ```
package enum QueryParser {
    /// Parses `text` (NFC-normalised first). `now` anchors relative dates such as `7d`.
    package static func parse(_ text: String, now: Date = Date()) -> ParsedQuery {
        var parser = Parser(tokens: Lexer.tokens(of: TextNormalization.normalize(text)), now: now)
        return parser.parseQuery()
    }

    /// A lexical unit of the query.
    enum Token: Equatable {
        case word(String)
        case phrase(String, prefix: Bool, column: QueryColumn?)
        case minus
        case open
        case close
        case bar
        case unbalancedQuote
    }

    enum Lexer {
        static func tokens(of text: String) -> [Token] {
            var tokens: [Token] = []
            // Scalars, not Characters: a quote followed by a combining mark is one Character but still a quote.
            let characters = Array(text.unicodeScalars)
            var index = 0
            func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }
            while index < characters.count {
                let character = characters[index]
                if isSpace(character) { index += 1; continue }
                switch character {
                case "(": tokens.append(.open); index += 1
                case ")": tokens.append(.close); index += 1
                case "|" where index + 1 == characters.count || isSpace(characters[index + 1]) || characters[index + 1] == "(":
                    tokens.append(.bar); index += 1
                case "-" where index + 1 < characters.count && !isSpace(characters[index + 1]) && characters[index + 1] != "-":
                    tokens.append(.minus); index += 1
                case "\"":
                    let (token, next) = phrase(characters, from: index + 1, column: nil)
                    tokens.append(contentsOf: token)
                    index = next
                default:
                    var end = index
                    while end < characters.count, !isSpace(characters[end]),
                          characters[end] != "(", characters[end] != ")", characters[end] != "\"" {
                        end += 1
                    }
                    let word = String(String.UnicodeScalarView(characters[index..<end]))
                    if end < characters.count, characters[end] == "\"", word.hasSuffix(":"),
                       let column = column(named: String(word.dropLast())) {
                        let (token, next) = phrase(characters, from: end + 1, column: column)
                        tokens.append(contentsOf: token)
                        index = next
                    } else {
                        tokens.append(.word(word))
                        index = end
                    }
                }
            }
            return tokens
        }

        /// Reads a phrase body after its opening quote; an unclosed quote runs to the end of the input.
        private static func phrase(_ characters: [Unicode.Scalar], from start: Int, column: QueryColumn?) -> ([Token], Int) {
            var end = start
            while end < characters.count && characters[end] != "\"" { end += 1 }
            let text = String(String.UnicodeScalarView(characters[start..<end]))
            var tokens: [Token] = []
            if end >= characters.count { tokens.append(.unbalancedQuote) }
            var next = min(end + 1, characters.count)
            var prefix = false
            if next < characters.count && characters[next] == "*" {
                prefix = true
                next += 1
            }
            tokens.append(.phrase(text, prefix: prefix, column: column))
            return (tokens, next)
        }

        static func column(named name: String) -> QueryColumn? {
            switch name.lowercased() {
            case "title": return .title
            case "body": return .body
            case "tag", "tags": return .tags
            default: return nil
            }
        }
    }

    struct Parser {
        let tokens: [Token]
        let now: Date
        var index = 0
        var query = ParsedQuery()

        init(tokens: [Token], now: Date) {
            self.tokens = tokens
            self.now = now
        }

        var peek: Token? { index < tokens.count ? tokens[index] : nil }

        func isOperator(_ token: Token?, _ name: String) -> Bool {
            if case .word(let word) = token { return word == name }
            return false
        }

        func startsOperand(_ token: Token?) -> Bool {
            guard let token else { return false }
            switch token {
            case .close, .bar: return false
            case .word(let word): return word != "OR" && word != "AND"
            default: return true
            }
        }

        mutating func parseQuery() -> ParsedQuery {
            var groups: [QueryNode] = []
            while index < tokens.count {
                if let node = parseOr() { groups.append(node) }
                if peek == .close {
                    query.notes.append("ignored an unmatched `)`")
                    index += 1
                }
            }
            query.root = groups.isEmpty ? nil : (groups.count == 1 ? groups[0] : .and(groups))
            if query.root.map(Self.containsNegationInsideOr) == true {
                query.notes.append("ignored an exclusion inside OR: `-word` needs to stand beside the terms it narrows")
            }
            return query
        }

        mutating func parseOr() -> QueryNode? {
            var alternatives: [QueryNode] = []
            if let first = parseAnd() { alternatives.append(first) }
            while peek == .bar || isOperator(peek, "OR") {
                let spelled = peek == .bar ? "|" : "OR"
                index += 1
                if alternatives.isEmpty || !startsOperand(peek) {
                    if spelled == "OR" && alternatives.isEmpty && !startsOperand(peek) {
                        alternatives.append(.term(QueryTerm("OR")))
                    } else {
                        query.notes.append("ignored `\(spelled)` without a term on both sides")
                    }
                    continue
                }
                if let next = parseAnd() { alternatives.append(next) }
            }
            if alternatives.isEmpty { return nil }
            return alternatives.count == 1 ? alternatives[0] : .or(alternatives)
        }

        mutating func parseAnd() -> QueryNode? {
            var items: [QueryNode] = []
            while let token = peek, token != .close, token != .bar, !isOperator(token, "OR") {
                if isOperator(token, "AND") {
                    index += 1
                    if items.isEmpty || !startsOperand(peek) { items.append(.term(QueryTerm("AND"))) }
                    continue
                }
                if let node = parseUnary() { items.append(node) }
            }
            // A lone `OR` (nothing before it) is a word; parseOr handles it once we return.
            if items.isEmpty { return nil }
            return items.count == 1 ? items[0] : .and(items)
        }

        mutating func parseUnary() -> QueryNode? {
            if peek == .minus || isOperator(peek, "NOT") {
                let spelled = peek == .minus ? "-" : "NOT"
                index += 1
                if startsOperand(peek), let operand = parseUnary() {
                    if case .not(let inner) = operand { return inner }
                    return .not(operand)
                }
                return spelled == "NOT" ? .term(QueryTerm("NOT")) : nil
            }
            return parsePrimary()
        }

        mutating func parsePrimary() -> QueryNode? {
            guard let token = peek else { return nil }
            index += 1
            switch token {
            case .open:
                let inner = parseOr()
                if peek == .close { index += 1 } else { query.notes.append("closed an unbalanced `(` at the end") }
                return inner
            case .unbalancedQuote:
                query.notes.append("closed an unbalanced `\"` at the end")
                return parsePrimary()
            case .phrase(let text, let prefix, let column):
                return .term(QueryTerm(text, isPhrase: true, isPrefix: prefix, column: column))
            case .word(let word):
                return readWord(word)
            case .minus:
                return .term(QueryTerm("-"))
            case .close, .bar:
                return nil
            }
        }

        /// Reads one whitespace-delimited word: a filter, a tag, a prefix or plain text.
        mutating func readWord(_ word: String) -> QueryNode? {
            if word.count > 1, word.hasPrefix("#"), TextNormalization.hasTokenCharacters(String(word.dropFirst())) {
                return .term(prefixable(String(word.dropFirst()), column: .tags))
            }
            if let colon = word.firstIndex(of: ":"), colon != word.startIndex {
                let name = word[..<colon].lowercased()
                let value = String(word[word.index(after: colon)...])
                if !value.isEmpty {
                    if let column = Lexer.column(named: name) {
                        return .term(prefixable(value, column: column))
                    }
                    if name == "path" {
                        query.pathFilters.append(value)
                        return nil
                    }
                    if let field = DateField(rawValue: name) {
                        if let filter = dateFilter(field, value) {
                            query.dateFilters.append(filter)
                            return nil
                        }
                        query.notes.append("`\(word)` is not a date filter this parser reads (try \(name):>=2024-01-31 or \(name):>7d); searched as text")
                    }
                }
            }
            return .term(prefixable(word, column: nil))
        }

        func prefixable(_ text: String, column: QueryColumn?) -> QueryTerm {
            var stem = Substring(text)
            while stem.hasSuffix("*") { stem = stem.dropLast() }
            if stem.count < text.count && TextNormalization.hasTokenCharacters(String(stem)) {
                return QueryTerm(String(stem), isPrefix: true, column: column)
            }
            return QueryTerm(text, column: column)
        }

        func dateFilter(_ field: DateField, _ value: String) -> DateFilter? {
            var comparison = DateComparison.equal
            var rest = Substring(value)
            for candidate in [DateComparison.atLeast, .atMost, .after, .before, .equal] where rest.hasPrefix(candidate.rawValue) {
                comparison = candidate
                rest = rest.dropFirst(candidate.rawValue.count)
                break
            }
            guard let period = DatePeriod.parse(String(rest), now: now) else { return nil }
            return comparison.filter(field, period)
        }

        static func containsNegationInsideOr(_ node: QueryNode) -> Bool {
            switch node {
            case .term: return false
            case .not(let inner): return containsNegationInsideOr(inner)
            case .and(let children): return children.contains(where: containsNegationInsideOr)
            case .or(let children):
                return children.contains { child in
                    if case .not = child { return true }
                    if case .and(let inner) = child, inner.allSatisfy({ if case .not = $0 { true } else { false } }) { return true }
                    return containsNegationInsideOr(child)
                }
            }
        }
    }
}
