/// An exclusion typed where it cannot narrow anything: one side of an OR that only excludes (`deploy OR
/// -release`), or an exclusion of exclusions alone (`deploy -(-a -b)`). `-word` leaves out of what the terms
/// beside it find the notes holding the word; alone on one side of OR it would mean "every note without the
/// word", which FTS5 cannot search. Searching such a query throws this error rather than silently dropping the
/// exclusion (which searched `deploy OR -release` as `deploy`).
public struct MisplacedExclusion: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the exclusion was found.
    public enum Place: Sendable, Equatable {
        /// One side of an `OR` (or `|`) with nothing but exclusions on it.
        case insideOr
        /// Excluded itself, with nothing beside it to narrow (`-(-a -b)`).
        case insideExclusion
    }

    /// The exclusion, spelled as in a query (`-release`, `-(-a -b)`).
    public let exclusion: String
    /// Where it was found.
    public let place: Place

    /// Creates the error for `exclusion` found at `place`.
    public init(exclusion: String, place: Place) {
        self.exclusion = exclusion
        self.place = place
    }

    /// The error for the tree `node` found at `place`.
    init(_ node: QueryNode, place: Place) {
        self.init(exclusion: Self.spelled(node), place: place)
    }

    /// One line: the exclusion, why it cannot stand there, and what to write instead.
    public var description: String {
        let rule = "an exclusion only narrows the words beside it"
        switch place {
        case .insideOr:
            return "the exclusion '\(exclusion)' cannot be one side of OR: \(rule); write it beside them "
                + "('a \(exclusion)'), or after a bracketed OR ('(a OR b) \(exclusion)')"
        case .insideExclusion:
            return "the exclusion '\(exclusion)' excludes nothing but exclusions: \(rule); search for the words "
                + "themselves ('a OR b' rather than '-(-a -b)')"
        }
    }

    /// `node` as it could be typed: `-word`, `title:"a phrase"`, `deplo*`, `(a OR b)`.
    private static func spelled(_ node: QueryNode) -> String {
        switch node {
        case .term(let term):
            let text = term.isPhrase ? "\"" + term.text + "\"" : term.text
            return (term.column.map { $0.rawValue + ":" } ?? "") + text + (term.isPrefix ? "*" : "")
        case .not(let inner):
            if case .term = inner { return "-" + spelled(inner) }
            return "-(" + spelled(inner) + ")"
        case .and(let children):
            return children.map(spelled).joined(separator: " ")
        case .or(let children):
            return "(" + children.map(spelled).joined(separator: " OR ") + ")"
        }
    }
}
