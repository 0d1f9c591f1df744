import Foundation
import NotesTokenizer

/// A column of `notes_fts` a term can be limited to (`title:word`, `body:word`, `tag:name`).
public enum QueryColumn: String, Sendable, Equatable {
    case title, body, tags
}

/// One searchable unit: a word, a `"phrase"`, or a `prefix*`, optionally limited to a column.
public struct QueryTerm: Sendable, Equatable {
    /// The text as typed (NFC), without quotes or the trailing `*`.
    public var text: String
    /// `true` for a quoted phrase.
    public var isPhrase: Bool
    /// `true` for a trailing `*`: match any word starting with the text.
    public var isPrefix: Bool
    /// The column the term is limited to, if any.
    public var column: QueryColumn?

    /// Creates a term.
    public init(_ text: String, isPhrase: Bool = false, isPrefix: Bool = false, column: QueryColumn? = nil) {
        self.text = text
        self.isPhrase = isPhrase
        self.isPrefix = isPrefix
        self.column = column
    }

    /// Whether FTS5 can match the term at all (it holds a letter or digit).
    public var isSearchable: Bool { TextNormalization.hasTokenCharacters(text) }

    /// The term as an FTS5 string: always double-quoted (so no input is read as FTS5 syntax), `""` for `"`.
    ///
    /// A term ending in a lone CJK character (`국`, `sqlite를`) becomes a prefix query: the CJK tokenizer
    /// indexes such a character inside a run only as the start of a bigram (``CJKTokenizer``), so `"국" *`
    /// is what finds every note holding it. Longer CJK words are phrases of bigrams, served by the index.
    public var matchExpression: String {
        var expression = "\"" + Self.escapingQuotes(text) + "\""
        if isPrefix || CJKScript.endsWithSingleCharacterRun(text) { expression += " *" }
        if let column { expression = "\(column.rawValue) : " + expression }
        return expression
    }
}

extension QueryTerm {
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
}

/// The parsed shape of a query's text part.
public indirect enum QueryNode: Sendable, Equatable {
    /// A word, phrase or prefix.
    case term(QueryTerm)
    /// All of these (words side by side, or `AND`).
    case and([QueryNode])
    /// Any of these (`OR`, `|`).
    case or([QueryNode])
    /// Not this (`-word`, `NOT word`); meaningful beside a positive term.
    case not(QueryNode)
}

/// A date column a filter applies to.
public enum DateField: String, Sendable, Equatable {
    case created, modified
}

/// `created:>=2024-01-01`, `modified:<2025-06`, `--since`, `--until`: a half-open range of stored dates.
public struct DateFilter: Sendable, Equatable {
    /// The column compared.
    public var field: DateField
    /// Inclusive lower bound (ISO 8601 UTC), if any.
    public var from: String?
    /// Exclusive upper bound (ISO 8601 UTC), if any.
    public var before: String?

    /// Creates a filter.
    public init(field: DateField, from: String? = nil, before: String? = nil) {
        self.field = field
        self.from = from
        self.before = before
    }
}

extension DateFilter {
    /// The SQL conditions over `notes n` this filter stands for, each with its bound value.
    var sqlConditions: [(sql: String, value: String)] {
        var conditions: [(sql: String, value: String)] = []
        if let from { conditions.append(("n.\(field.rawValue) >= ?", from)) }
        if let before { conditions.append(("n.\(field.rawValue) < ?", before)) }
        return conditions
    }
}

/// What the parser understood from a query string: a tree of terms plus SQL filters, and notes on what it
/// read as plain text. Produced by ``QueryParser/parse(_:now:)``; never fails.
public struct ParsedQuery: Sendable, Equatable {
    /// The text part, or `nil` when the query only filters.
    public var root: QueryNode?
    /// `path:fragment` filters: each fragment must occur in the note's path (case-insensitive).
    public var pathFilters: [String] = []
    /// Date filters, all of which must hold.
    public var dateFilters: [DateFilter] = []
    /// What the parser did with input it could not read as syntax (shown by `--explain`).
    public var notes: [String] = []

    /// Creates a parsed query.
    public init(root: QueryNode? = nil, pathFilters: [String] = [], dateFilters: [DateFilter] = [], notes: [String] = []) {
        self.root = root
        self.pathFilters = pathFilters
        self.dateFilters = dateFilters
        self.notes = notes
    }

    /// The FTS5 MATCH expression for the positive part of the query, or `nil` when there is none.
    public var matchExpression: String? { compiled.match }

    /// The FTS5 expression of terms that must be absent when the query has no positive term
    /// (`-draft path:work`), or `nil`.
    public var exclusionExpression: String? { compiled.exclusion }

    /// Whether the query has filters (path or date).
    public var hasFilters: Bool { !pathFilters.isEmpty || !dateFilters.isEmpty }

    /// Whether there is nothing to search: no searchable term and no filter.
    public var isEmpty: Bool { matchExpression == nil && exclusionExpression == nil && !hasFilters }

    /// Whether the query only excludes (`-draft`) with nothing to search and no filter: an error to report.
    public var isOnlyExclusion: Bool { matchExpression == nil && exclusionExpression != nil && !hasFilters }

    private var compiled: (match: String?, exclusion: String?) {
        guard let root else { return (nil, nil) }
        let (positive, negatives) = Self.compile(root)
        if let positive {
            return (negatives.reduce(positive) { "(\($0) NOT \($1))" }, nil)
        }
        if negatives.isEmpty { return (nil, nil) }
        return (nil, negatives.count == 1 ? negatives[0] : "(" + negatives.joined(separator: " OR ") + ")")
    }

    /// Compiles `node` into a positive FTS5 expression and the expressions it excludes.
    private static func compile(_ node: QueryNode) -> (String?, [String]) {
        switch node {
        case .term(let term):
            return (term.isSearchable ? term.matchExpression : nil, [])
        case .not(let inner):
            let (positive, _) = compile(inner)
            return (nil, positive.map { [$0] } ?? [])
        case .and(let children):
            var positives: [String] = []
            var negatives: [String] = []
            for child in children {
                let (positive, excluded) = compile(child)
                if let positive { positives.append(positive) }
                negatives += excluded
            }
            guard !positives.isEmpty else { return (nil, negatives) }
            let joined = positives.count == 1 ? positives[0] : "(" + positives.joined(separator: " AND ") + ")"
            return (negatives.reduce(joined) { "(\($0) NOT \($1))" }, [])
        case .or(let children):
            let parts = children.compactMap { compile($0).0 }
            guard !parts.isEmpty else { return (nil, []) }
            return (parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " OR ") + ")", [])
        }
    }

    /// The searchable terms that are not excluded, in query order.
    public var positiveTerms: [QueryTerm] {
        func collect(_ node: QueryNode) -> [QueryTerm] {
            switch node {
            case .term(let term): return term.isSearchable ? [term] : []
            case .not: return []
            case .and(let children), .or(let children): return children.flatMap(collect)
            }
        }
        return root.map(collect) ?? []
    }

    /// A readable rendering of the tree, e.g. `AND(title:"meeting", NOT("draft"), "next week")`.
    public var treeDescription: String {
        guard let root else { return "(no text terms)" }
        return Self.describe(root)
    }

    private static func describe(_ node: QueryNode) -> String {
        switch node {
        case .term(let term):
            var text = (term.column.map { $0.rawValue + ":" } ?? "") + "\"" + term.text + "\""
            if term.isPrefix { text += "*" }
            if !term.isPhrase && !term.isSearchable { text += " (ignored: no letters or digits)" }
            return text
        case .and(let children): return "AND(" + children.map(describe).joined(separator: ", ") + ")"
        case .or(let children): return "OR(" + children.map(describe).joined(separator: ", ") + ")"
        case .not(let inner): return "NOT(" + describe(inner) + ")"
        }
    }
}
