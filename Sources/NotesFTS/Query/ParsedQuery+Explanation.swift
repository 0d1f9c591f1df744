extension ParsedQuery {
    /// A readable rendering of the tree, e.g. `AND(title:"meeting", NOT("draft"), "next week")`.
    package var treeDescription: String {
        guard let root else { return "(no text terms)" }
        return Self.describe(root)
    }

    /// What `notes-find --explain` shows for this query searched with `options`: the tree, the FTS5 MATCH
    /// expression, the exclusion, each filter, the order, and what the parser read as plain text.
    package func explanation(options: SearchOptions) -> [String] {
        var lines = ["query:   \(treeDescription)", "match:   \(matchExpression ?? "(none)")"]
        if let exclusionExpression { lines.append("exclude: \(exclusionExpression)") }
        for fragment in pathFilters { lines.append("filter:  path contains \"\(fragment)\"") }
        for filter in dateFilters + options.dateFilters { lines.append("filter:  " + Self.describe(filter)) }
        for fragment in excludedPathFilters { lines.append("filter:  path does not contain \"\(fragment)\"") }
        for filter in excludedDateFilters { lines.append("filter:  NOT(\(Self.describe(filter)))") }
        lines.append("order:   \(options.orderDescription)")
        return lines + notes.map { "note:    \($0)" }
    }

    /// `modified >= 2024-01-01T00:00:00Z AND modified < 2025-01-01T00:00:00Z`.
    private static func describe(_ filter: DateFilter) -> String {
        let parts = [filter.from.map { "\(filter.field.rawValue) >= \(Timestamp.format($0))" },
                     filter.before.map { "\(filter.field.rawValue) < \(Timestamp.format($0))" }]
        return parts.compactMap { $0 }.joined(separator: " AND ")
    }

    private static func describe(_ node: QueryNode) -> String {
        switch node {
        case .term(let term):
            var text = (term.column.map { $0.rawValue + ":" } ?? "") + "\"" + term.text + "\""
            if term.isPrefix { text += "*" }
            let others = term.forms.filter { $0 != term.text }
            if !others.isEmpty { text += " (+ " + others.joined(separator: ", ") + ")" }
            if !term.isPhrase && !term.isSearchable { text += " (ignored: no letters or digits)" }
            return text
        case .and(let children): return "AND(" + children.map(describe).joined(separator: ", ") + ")"
        case .or(let children): return "OR(" + children.map(describe).joined(separator: ", ") + ")"
        case .not(let inner): return "NOT(" + describe(inner) + ")"
        }
    }
}
