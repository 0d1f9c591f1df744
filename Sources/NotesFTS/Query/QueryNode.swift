/// The parsed shape of a query's text part.
package indirect enum QueryNode: Sendable, Equatable {
    /// A word, phrase or prefix.
    case term(QueryTerm)
    /// All of these (words side by side, or `AND`).
    case and([QueryNode])
    /// Any of these (`OR`, `|`).
    case or([QueryNode])
    /// Not this (`-word`, `NOT word`); meaningful beside a positive term.
    case not(QueryNode)
}

extension QueryNode {
    /// This node with groups of the same kind directly inside it spliced in: `a OR (b OR c)` is one `OR` of
    /// three, so redundant brackets add no depth to the FTS5 expression.
    var flattened: QueryNode {
        switch self {
        case .and(let children):
            return .and(children.flatMap { child -> [QueryNode] in
                if case .and(let inner) = child { return inner }
                return [child]
            })
        case .or(let children):
            return .or(children.flatMap { child -> [QueryNode] in
                if case .or(let inner) = child { return inner }
                return [child]
            })
        case .term, .not:
            return self
        }
    }
}
