import Foundation

/// Turns what a person types into a ``ParsedQuery``. It never fails: whatever it cannot read as syntax
/// becomes plain text, and ``ParsedQuery/notes`` says so.
///
/// | input | meaning |
/// |---|---|
/// | `deploy friday` | both words (AND) |
/// | `"next week"`, `“next week”` | the phrase (typographic double quotes quote too) |
/// | `deplo*` | a word starting with `deplo` |
/// | `a OR b`, `a \| b` | either |
/// | `-draft`, `NOT draft` | without `draft` (beside a positive term) |
/// | `(a OR b) c` | grouping |
/// | `title:x`, `body:x`, `tag:x`, `#x` | a word in one field |
/// | `title:(a OR b)`, `title: x` | the field on every term of what follows |
/// | `path:work/` | path contains the fragment |
/// | `created:>=2024-01`, `modified:<7d` | date filters |
/// | `-path:work/`, `NOT created:2024` | a filter's exclusion (a filter inside OR is an error) |
///
/// ```swift
/// let query = QueryParser.parse("title:meeting -draft \"next week\"")
/// query.matchExpression // (title : "meeting" AND "next week") NOT "draft"
/// ```
package enum QueryParser {
    /// How deep brackets and `NOT`/`-` may nest (`((a))` is two levels). A deeper query parses to an empty
    /// ``ParsedQuery`` with ``ParsedQuery/exceedsNestingLimit`` set. Every query within the limit compiles to
    /// an expression FTS5 accepts (its parser stack holds about 32 nested operators).
    package static let nestingLimit = 20

    /// Parses `text` (NFC-normalised first). `now` anchors relative dates such as `7d`.
    package static func parse(_ text: String, now: Date = Date()) -> ParsedQuery {
        var parser = Parser(tokens: Lexer.tokens(of: TextNormalization.normalize(text)), now: now)
        return parser.parseQuery()
    }

    struct Parser {
        let tokens: [Token]
        let now: Date
        var index = 0
        var query = ParsedQuery()
        /// How many brackets and negations enclose the current token; bounded by ``nestingLimit`` so that
        /// no input, however deep, can exhaust the stack of this recursive-descent parser.
        var depth = 0

        /// Where the operator word searched as a word stands, if any (``literalOperator(in:)``).
        let literalOperator: Int?

        init(tokens: [Token], now: Date) {
            self.tokens = tokens
            self.now = now
            literalOperator = Self.literalOperator(in: tokens)
        }

        var peek: Token? { index < tokens.count ? tokens[index] : nil }

        mutating func parseQuery() -> ParsedQuery {
            var groups: [Syntax] = []
            while index < tokens.count {
                if let node = parseOr() { groups.append(node) }
                if peek == .close {
                    query.notes.append("ignored an unmatched `)`")
                    index += 1
                }
            }
            if query.exceedsNestingLimit { return ParsedQuery(exceedsNestingLimit: true) }
            if !groups.isEmpty {
                var extraction = FilterExtraction(query: query)
                let root = extraction.textPart(of: groups.count == 1 ? groups[0] : Syntax.and(groups))
                query = extraction.query
                query.root = root
            }
            if let (node, place) = query.root.flatMap(FTS5Expression.unplacedExclusion) {
                query.misplacedExclusion = MisplacedExclusion(node, place: place)
                query.notes.append(place == .insideOr ? "an exclusion inside OR cannot be searched: `-word` needs to stand beside the terms it narrows"
                                   : "an exclusion of exclusions alone cannot be searched")
            }
            return query
        }

        mutating func parseOr() -> Syntax? {
            var alternatives: [Syntax] = []
            if let first = parseAnd() { alternatives.append(first) }
            while peek == .bar || isOperator(peek, "OR") {
                let spelled = peek == .bar ? "|" : "OR"
                let position = index
                index += 1
                if alternatives.isEmpty || !startsOperand(at: index) {
                    if position == literalOperator {
                        alternatives.append(.term(QueryTerm("OR")))
                    } else {
                        ignoreStray(spelled, "a term on both sides")
                    }
                    continue
                }
                if let next = parseAnd() { alternatives.append(next) }
            }
            if alternatives.isEmpty { return nil }
            return alternatives.count == 1 ? alternatives[0] : Syntax.or(alternatives)
        }

        mutating func parseAnd() -> Syntax? {
            var items: [Syntax] = []
            while let token = peek, token != .close, token != .bar, !isOperator(token, "OR") {
                if isOperator(token, "AND") {
                    let position = index
                    index += 1
                    if position == literalOperator {
                        items.append(.term(QueryTerm("AND")))
                    } else if items.isEmpty || !startsOperand(at: index) {
                        ignoreStray("AND", "a term on both sides")
                    }
                    continue
                }
                if let node = parseUnary() { items.append(node) }
            }
            // A leading `OR` ends this AND group at once; parseOr reads or ignores it once we return.
            if items.isEmpty { return nil }
            return items.count == 1 ? items[0] : Syntax.and(items)
        }

        mutating func parseUnary() -> Syntax? {
            if peek == .minus || isOperator(peek, "NOT") {
                let spelled = peek == .minus ? "-" : "NOT"
                let position = index
                index += 1
                guard enterLevel() else { return nil }
                defer { depth -= 1 }
                if startsOperand(at: index), let operand = parseUnary() {
                    if case .not(let inner) = operand { return inner }
                    return .not(operand)
                }
                if position == literalOperator { return .term(QueryTerm("NOT")) }
                if spelled == "NOT" { ignoreStray("NOT", "a term after it") }
                return nil
            }
            return parsePrimary()
        }

        mutating func parsePrimary() -> Syntax? {
            guard let token = peek else { return nil }
            index += 1
            switch token {
            case .open:
                guard enterLevel() else { return nil }
                defer { depth -= 1 }
                let inner = parseOr()
                if peek == .close { index += 1 } else { query.notes.append("closed an unbalanced `(` at the end") }
                return inner
            case .unbalancedQuote(let quote):
                query.notes.append("closed an unbalanced `\(quote)` at the end")
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

        /// Counts one more level of nesting; past ``nestingLimit`` marks the query and skips the rest of the
        /// input, so every caller unwinds at once.
        mutating func enterLevel() -> Bool {
            depth += 1
            guard depth > QueryParser.nestingLimit else { return true }
            query.exceedsNestingLimit = true
            index = tokens.count
            return false
        }

        /// Reads one whitespace-delimited word: a filter, a tag, a prefix or plain text. A field or filter name
        /// with nothing after its colon takes what follows (``readField(_:typed:)``).
        mutating func readWord(_ word: String) -> Syntax? {
            if word.count > 1, word.hasPrefix("#"), TextNormalization.hasTokenCharacters(String(word.dropFirst())) {
                return .term(prefixable(String(word.dropFirst()), column: .tags))
            }
            if let colon = word.firstIndex(of: ":"), colon != word.startIndex {
                let name = word[..<colon].lowercased()
                let value = String(word[word.index(after: colon)...])
                if value.isEmpty, startsOperand(at: index), Self.isFieldName(name) { return readField(name, typed: word) }
                if !value.isEmpty {
                    if let column = Lexer.column(named: name) {
                        return .term(prefixable(value, column: column))
                    }
                    if name == "path" {
                        return .filter(Filter(text: word, kind: .path(value)))
                    }
                    if let field = DateField(rawValue: name) {
                        if let filter = dateFilter(field, value) {
                            return .filter(Filter(text: word, kind: .date(filter)))
                        }
                        query.notes.append("`\(word)` is not a date filter this parser reads (try \(name):>=2024-01-31 or \(name):>7d)")
                        if query.unreadableDateFilter == nil { query.unreadableDateFilter = UnreadableDateFilter(filter: word) }
                        return nil
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
    }
}
