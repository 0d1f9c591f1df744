extension QueryParser {
    /// The tree the parser reads, before filters leave it: a ``QueryNode`` whose leaves may also be path and date
    /// filters, exactly where they were typed (`otter -path:work`, `a OR created:2024`). Groups are flattened
    /// as the filters leave (``FilterExtraction``), bottom up.
    indirect enum Syntax {
        case term(QueryTerm)
        case filter(Filter)
        case and([Syntax])
        case or([Syntax])
        case not(Syntax)
    }

    /// A path or date filter as typed, and what it selects.
    struct Filter {
        enum Kind {
            case path(String)
            case date(DateFilter)
        }

        /// The word as typed (`path:work`), for messages.
        var text: String
        var kind: Kind
    }

    /// Takes the filters out of a parsed tree into `query`'s filter lists and returns the text part.
    ///
    /// A filter beside the words (at the top level, or in brackets joined by AND) narrows the whole query; one
    /// negated on its own (`-path:work`, `NOT modified:2024`, `-(path:work)`) excludes what it selects. A filter
    /// cannot be one side of an OR, nor part of a negated group with other terms (`-(path:work draft)`): SQL
    /// conditions on the note stand beside the MATCH, not inside it. Such a filter is left out and recorded in
    /// ``ParsedQuery/misplacedFilter``, which makes searching the query an error.
    struct FilterExtraction {
        var query: ParsedQuery

        mutating func textPart(of node: Syntax, insideOr: Bool = false, insideNot: Bool = false) -> QueryNode? {
            switch node {
            case .term(let term):
                return .term(term)
            case .filter(let filter):
                if insideOr || insideNot {
                    misplace(filter, insideOr ? .insideOr : .insideNegatedGroup)
                } else {
                    add(filter, excluded: false)
                }
                return nil
            case .not(let inner):
                if case .filter(let filter) = inner, !insideOr, !insideNot {
                    add(filter, excluded: true)
                    return nil
                }
                return textPart(of: inner, insideOr: insideOr, insideNot: true).map { .not($0) }
            case .and(let children):
                let parts = children.compactMap { textPart(of: $0, insideOr: insideOr, insideNot: insideNot) }
                return parts.isEmpty ? nil : (parts.count == 1 ? parts[0] : QueryNode.and(parts).flattened)
            case .or(let children):
                let parts = children.compactMap { textPart(of: $0, insideOr: true, insideNot: insideNot) }
                return parts.isEmpty ? nil : (parts.count == 1 ? parts[0] : QueryNode.or(parts).flattened)
            }
        }

        private mutating func add(_ filter: Filter, excluded: Bool) {
            switch (filter.kind, excluded) {
            case (.path(let fragment), false): query.pathFilters.append(fragment)
            case (.path(let fragment), true): query.excludedPathFilters.append(fragment)
            case (.date(let dates), false): query.dateFilters.append(dates)
            case (.date(let dates), true): query.excludedDateFilters.append(dates)
            }
        }

        private mutating func misplace(_ filter: Filter, _ place: MisplacedFilter.Place) {
            if query.misplacedFilter == nil { query.misplacedFilter = MisplacedFilter(filter: filter.text, place: place) }
        }
    }
}
