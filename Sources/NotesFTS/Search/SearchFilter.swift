import SQLiteKit

/// The conditions over `notes n` that a query's filters stand for, with named parameters: the one place a
/// filter (match, exclusion, path fragment, date range, and their negations) becomes SQL. Every search path
/// (ranked by FTS5 or by the top-k path, ordered by a column, listing paths, counting) takes its conditions
/// from here. Conditions keep the order they were added in; ``SearchSQL`` places them.
struct SearchFilter {
    /// The conditions, all of which must hold.
    private(set) var conditions: [String] = []
    /// The value of each named parameter the conditions use.
    private(set) var parameters: [String: SQLiteValue] = [:]
    private var dateBounds = 0

    /// The filters of `query` and `options`: exclusion, path fragments, then dates (the query's, then the
    /// options'), then the query's excluded path fragments and dates. With `match`, the condition that the note matches it comes first; `walksNotes` writes it as
    /// `+n.id IN (…)`, which SQLite cannot turn into rowid lookups, so it walks the notes in an index's order.
    init(query: ParsedQuery, options: SearchOptions, match: String? = nil, walksNotes: Bool = false) {
        if let match {
            add("\(walksNotes ? "+" : "")n.id IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH :match)",
                [":match": .text(match)])
        }
        if let exclusion = query.exclusionExpression {
            add("n.id NOT IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH :exclude)", [":exclude": .text(exclusion)])
        }
        // `path:` compares both sides folded (``foldFunction``, which ``NoteIndex`` registers on every connection it opens).
        for (number, fragment) in query.pathFilters.enumerated() {
            add("instr(\(Self.foldFunction)(n.path), :path\(number)) > 0", [":path\(number)": .text(CaseFolding.folded(fragment))])
        }
        addDates(query.dateFilters + options.dateFilters)
        for (number, fragment) in query.excludedPathFilters.enumerated() {
            add("instr(\(Self.foldFunction)(n.path), :notPath\(number)) = 0", [":notPath\(number)": .text(CaseFolding.folded(fragment))])
        }
        for filter in query.excludedDateFilters {
            // Every note the filter does not select, a note it cannot date (NULL, file times) included.
            let selected = dateConditions(filter)
            add("(\(selected.conditions.joined(separator: " AND "))) IS NOT 1", selected.parameters)
        }
    }

    /// Only date filters (substring search, which checks its text row by row).
    init(dates: [DateFilter]) {
        addDates(dates)
    }

    /// Whether there is no condition at all.
    var isEmpty: Bool { conditions.isEmpty }

    /// The conditions as a WHERE clause body (`1` when there are none).
    var whereClause: String { conditions.isEmpty ? "1" : conditions.joined(separator: " AND ") }

    /// The conditions as a suffix to an existing WHERE clause (` AND …` each, or empty).
    var andClauses: String { conditions.map { " AND " + $0 }.joined() }

    private mutating func add(_ condition: String, _ values: [String: SQLiteValue]) {
        conditions.append(condition)
        parameters.merge(values) { _, new in new }
    }

    /// Each bound of each filter: `n.created >= :date0`, `n.modified < :date1`…, on the notes' own dates: a
    /// date the file system gave (``DateSource/fileSystem``: a copy or a `git clone` resets it) matches no
    /// date filter.
    private mutating func addDates(_ filters: [DateFilter]) {
        for filter in filters {
            let selected = dateConditions(filter)
            for condition in selected.conditions { add(condition, [:]) }
            parameters.merge(selected.parameters) { _, new in new }
        }
    }

    /// The conditions a note `filter` selects meets, all of which hold, and their parameters.
    private mutating func dateConditions(_ filter: DateFilter) -> (conditions: [String], parameters: [String: SQLiteValue]) {
        var conditions = ["n.\(filter.field.rawValue)_from IS NOT '\(DateSource.fileSystem.rawValue)'"]
        var values: [String: SQLiteValue] = [:]
        for (comparison, value) in [(">=", filter.from), ("<", filter.before)] {
            guard let value else { continue }
            let name = ":date\(dateBounds)"
            dateBounds += 1
            conditions.append("n.\(filter.field.rawValue) \(comparison) \(name)")
            values[name] = .text(Timestamp.format(value))
        }
        return (conditions, values)
    }
}
