import Foundation
import Testing
@testable import NotesFTS

@Suite struct TimestampTests {
    @Test(arguments: [
        ("2024-03-01", "2024-03-01T00:00:00Z"),
        ("2024-03-01T09:30", "2024-03-01T09:30:00Z"),
        ("2024-03-01T09:30:15Z", "2024-03-01T09:30:15Z"),
        ("2024-03-01 09:30:15+09:00", "2024-03-01T00:30:15Z"),
        ("2024-03-01T09:30:15.250-02:30", "2024-03-01T12:00:15Z"),
        ("1700000000", "2023-11-14T22:13:20Z"),
        ("1700000000000", "2023-11-14T22:13:20Z"),
        ("1700000000000000", "2023-11-14T22:13:20Z"),
        ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
        ("2000-02-29", "2000-02-29T00:00:00Z"),
    ])
    func parsesAndFormats(input: String, expected: String) {
        #expect(Timestamp.parse(input).map(Timestamp.format) == expected)
    }

    @Test(arguments: ["", "yesterday-ish", "2024-13-01", "2024-1-1", "2024-03-01T25:00", "2024-03-01T10:00junk", "12"])
    func rejectsNonDates(input: String) {
        #expect(Timestamp.parse(input) == nil)
    }
}

@Suite struct TimestampFormatTests {
    @Test(arguments: [(0.0, "1970-01-01T00:00:00Z"), (1_706_693_400.9, "2024-01-31T09:30:00Z"), (951_782_400, "2000-02-29T00:00:00Z"),
                      (253_402_300_799, "9999-12-31T23:59:59Z")])
    func formatsUTCSeconds(seconds: Double, text: String) {
        #expect(Timestamp.format(Date(timeIntervalSince1970: seconds)) == text)
    }
}
