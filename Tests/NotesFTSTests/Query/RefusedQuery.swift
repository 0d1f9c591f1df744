import Testing
@testable import NotesFTS

/// Checks that `parsed` (typed as `text`) is refused with `expected` by every way of searching it, and is not
/// hidden by what notes-find checks before searching (an empty query, one that only excludes).
func expectEverySearchRefuses<Failure: Error & Equatable>(_ parsed: ParsedQuery, typed text: String, with expected: Failure) throws {
    #expect(!parsed.isEmpty && !parsed.isOnlyExclusion)
    let index = try SearchFixture.makeIndex()
    #expect(throws: expected) { try index.search(parsed) }
    #expect(throws: expected) { try index.count(parsed) }
    #expect(throws: expected) { try index.forEachPath(parsed) { _ in } }
    #expect(throws: expected) { try index.rankingPath(parsed) }
    var sorted = SearchOptions()
    sorted.sort = .modified
    #expect(throws: expected) { try index.search(parsed, options: sorted) }
    #expect(throws: expected) { try index.search(text) }
}
