extension QueryParser.Parser {
    typealias Syntax = QueryParser.Syntax
    typealias Filter = QueryParser.Filter

    /// Whether `name` (lower case) names a field (`title`, `body`, `tag`, `tags`) or a filter (`path`,
    /// `created`, `modified`): typed with nothing after its colon, it takes what follows.
    static func isFieldName(_ name: String) -> Bool {
        QueryParser.Lexer.column(named: name) != nil || name == "path" || DateField(rawValue: name) != nil
    }

    /// A field or filter name with nothing after its colon (`word`, e.g. `title:`), and what follows it: with
    /// or without a space, `title:(a OR b)`, `title: (a OR b)` and `title: a` limit every term of what follows
    /// to the field, as `title:a OR title:b` would (word forms included); `path: work` is `path:work`.
    ///
    /// An exclusion after the space is the field's or filter's exclusion: `title: -draft` is `-title:draft`, and
    /// so `path: -work` is `-path:work` and `modified: NOT 2024` is `-modified:2024`.
    ///
    /// A filter cannot take a bracketed group (`path:(a OR b)`), nor stand inside a field's group
    /// (`title:(a path:work)`): either is a ``MisplacedFilter``. A filter name followed by anything else
    /// (`path: )`) is read as the word it is, as a field name with nothing after it is.
    mutating func readField(_ name: String, typed word: String) -> Syntax? {
        if let column = QueryParser.Lexer.column(named: name) {
            guard enterLevel() else { return nil }
            defer { depth -= 1 }
            return parseUnary().flatMap { limiting($0, to: column, field: word) }
        }
        if peek == .minus || isOperator(peek, "NOT"), startsOperand(at: index + 1) {
            index += 1
            guard enterLevel() else { return nil }
            defer { depth -= 1 }
            guard let operand = readField(name, typed: word) else { return nil }
            if case .not(let inner) = operand { return inner }
            return .not(operand)
        }
        if case .unbalancedQuote(let quote) = peek, index + 1 < tokens.count, case .phrase = tokens[index + 1] {
            query.notes.append("closed an unbalanced `\(quote)` at the end")
            index += 1
        }
        switch peek {
        case .open:
            misplace(word + "(…)", .bracketedValue)
            _ = parsePrimary()
            return nil
        case .word(let value) where value != "NOT":
            index += 1
            return readWord(word + value)
        case .phrase(let value, prefix: false, column: nil):
            index += 1
            if name == "path" { return .filter(Filter(text: word + "\"" + value + "\"", kind: .path(value))) }
            return readWord(word + value)
        default:
            return .term(prefixable(word, column: nil))
        }
    }

    /// `node` with every term that names no column limited to `column` (a term that names one keeps it:
    /// `#draft` stays a tag in `title:(plan OR #draft)`). A filter inside is misplaced and left out.
    mutating func limiting(_ node: Syntax, to column: QueryColumn, field: String) -> Syntax? {
        switch node {
        case .term(var term):
            if term.column == nil { term.column = column }
            return .term(term)
        case .filter(let filter):
            misplace(filter.text, .insideField(field))
            return nil
        case .not(let inner):
            return limiting(inner, to: column, field: field).map { .not($0) }
        case .and(let children):
            let parts = children.compactMap { limiting($0, to: column, field: field) }
            return parts.isEmpty ? nil : (parts.count == 1 ? parts[0] : .and(parts))
        case .or(let children):
            let parts = children.compactMap { limiting($0, to: column, field: field) }
            return parts.isEmpty ? nil : (parts.count == 1 ? parts[0] : .or(parts))
        }
    }

    /// Records the first filter found where it cannot stand; searching the query then throws it.
    mutating func misplace(_ filter: String, _ place: MisplacedFilter.Place) {
        if query.misplacedFilter == nil { query.misplacedFilter = MisplacedFilter(filter: filter, place: place) }
    }
}
