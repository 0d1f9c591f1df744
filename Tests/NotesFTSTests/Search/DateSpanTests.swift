import Foundation
import Testing
@testable import NotesFTS

/// `NoteIndex.dateSpan(of:)`: the own dates a date filter can select, and the notes it skips.
@Suite struct DateSpanTests {
    private func day(_ text: String) -> Date? { Timestamp.parse(text) }

    @Test func spansTheStatedDatesAndCountsTheFileDatedNotes() throws {
        let folder = TestFolder()
        folder.write("a.md", "---\nmodified: 2024-01-05\ncreated: 2023-12-01\n---\n# A\n\nalpha\n")
        folder.write("b.md", "---\nmodified: 2024-03-01\n---\n# B\n\nbeta\n")
        folder.write("2022-06-30.md", "# Daily\n\ndated by its name\n")
        folder.write("undated.md", "# Undated\n\nonly a file time\n")
        let index = try folder.openIndex()
        _ = try folder.index(index)
        let modified = try index.dateSpan(of: .modified)
        #expect(modified.earliest == day("2022-06-30"))
        #expect(modified.latest == day("2024-03-01"))
        #expect(modified.fileDatedNotes == 1)
        let created = try index.dateSpan(of: .created)
        #expect(created.earliest == day("2022-06-30"))
        #expect(created.latest == day("2023-12-01"))
        #expect(created.fileDatedNotes == 2)
    }

    @Test func anEmptyIndexHasNoSpan() throws {
        let folder = TestFolder()
        let index = try folder.openIndex()
        #expect(try index.dateSpan(of: .modified) == DateSpan(earliest: nil, latest: nil, fileDatedNotes: 0))
    }
}
