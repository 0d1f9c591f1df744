/// A path or date filter typed where a filter cannot stand: one side of an OR (`otter OR path:work`), or part
/// of a negated group with other terms (`-(path:work draft)`), inside a field's group (`title:(a path:work)`), or
/// given a bracketed group as its value (`path:(a OR b)`). A filter narrows the whole query, or, negated on
/// its own (`-path:work`), excludes what it selects; searching such a query throws this error rather than
/// silently applying the filter some other way.
public struct MisplacedFilter: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the filter was found.
    public enum Place: Sendable, Equatable {
        /// One side of an `OR` (or `|`), or inside a group that is.
        case insideOr
        /// Inside a negated group (`-( … )`, `NOT ( … )`) beside other terms.
        case insideNegatedGroup
        /// Inside the group a field applies to (`title:( … )`, named here as typed: `title:`).
        case insideField(String)
        /// Given a bracketed group as its value (`path:( … )`).
        case bracketedValue
    }

    /// The filter as typed (`path:work`, `modified:2024`).
    public let filter: String
    /// Where it was found.
    public let place: Place

    /// Creates the error for `filter` found at `place`.
    public init(filter: String, place: Place) {
        self.filter = filter
        self.place = place
    }

    /// One line: the filter, why it cannot stand there, and what is supported.
    public var description: String {
        let rule = "a path:, created: or modified: filter applies to the whole query"
        switch place {
        case .insideOr:
            return "the filter '\(filter)' cannot be one side of OR: \(rule); write it beside the words, with "
                + "brackets around an OR ('(a OR b) \(filter)'), or as -\(filter) to leave out the notes it selects"
        case .insideNegatedGroup:
            return "the filter '\(filter)' cannot be inside a negated group with other terms: \(rule); write it "
                + "beside the words to keep only the notes it selects, or on its own as -\(filter) to leave them out"
        case .insideField(let field):
            return "the filter '\(filter)' cannot be inside \(field)( … ): \(rule) and belongs to no field; write it "
                + "outside the brackets ('\(field)(a OR b) \(filter)')"
        case .bracketedValue:
            let name = filter.prefix { $0 != "(" }
            let example = name.lowercased().hasPrefix("path") ? "\(name)work/" : "\(name)2024"
            return "the filter '\(filter)' cannot take a bracketed group: \(rule) and takes one value right after the "
                + "colon ('\(example)'); several filters must all hold, and a filter cannot be one side of OR"
        }
    }
}
