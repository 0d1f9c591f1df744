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
