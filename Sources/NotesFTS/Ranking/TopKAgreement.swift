/// How the exactness checks (`swift test`, `notes-bench --verify-topk`) compare the top-k path with full
/// scoring: the same number of results, scores equal to 1e-9 relative, and the same ids wherever the score is
/// not tied with the last one (a tie at the cut may keep either note); a note both return has the same snippet
/// and line both ways (the top-k path makes snippets from the note's text, full scoring through FTS5).
package enum TopKAgreement {
    /// Whether `actual` (the top-k path) agrees with `expected` (full FTS5 scoring).
    package static func agrees(_ actual: [SearchResult], _ expected: [SearchResult]) -> Bool {
        guard actual.count == expected.count else { return false }
        func close(_ left: Double, _ right: Double) -> Bool { abs(left - right) <= 1e-9 * max(abs(left), abs(right)) }
        guard zip(actual, expected).allSatisfy({ close($0.score, $1.score) }) else { return false }
        guard let last = expected.last?.score else { return true }
        let untied = { (results: [SearchResult]) in results.filter { !close($0.score, last) }.map(\.id) }
        guard untied(actual) == untied(expected) else { return false }
        let shown = Dictionary(expected.map { ($0.id, ($0.snippet, $0.line)) }, uniquingKeysWith: { first, _ in first })
        return actual.allSatisfy { result in shown[result.id].map { $0 == (result.snippet, result.line) } ?? true }
    }
}
