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
        ("2024-02-29", "2024-02-29T00:00:00Z"),
        ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
        ("253402300799000000", "9999-12-31T23:59:59Z"),
    ])
    func parsesAndFormats(input: String, expected: String) {
        #expect(Timestamp.parse(input).map(Timestamp.format) == expected)
    }

    /// Impossible days, and numbers past the year 9999 even read as microseconds (which the stored
    /// four-digit year cannot hold, and which once crashed the build converting them).
    @Test(arguments: ["", "yesterday-ish", "2024-13-01", "2024-1-1", "2024-03-01T25:00", "2024-03-01T10:00junk", "12",
                      "2024-02-30", "2023-02-29", "1900-02-29", "2024-04-31", "2024-00-10", "2024-06-00",
                      "2024-02-30T10:00:00Z", "99999999999999999999", "9999-12-31T23:00-02:00",
                      "999999999999999999999999999999"])
    func rejectsNonDates(input: String) {
        #expect(Timestamp.parse(input) == nil)
    }

    @Test(arguments: [1e300, 9.3e24, 253_402_300_800_000_000, -1, Double.infinity, Double.nan])
    func rejectsUnixNumbersThatAreNoWritableDate(number: Double) {
        #expect(Timestamp.fromUnix(number) == nil)
        #expect(Timestamp.parse(NSNumber(value: number)) == nil)
    }
}

/// ``Timestamp/parseStored(_:)``, the fast reading of the index's own format, agrees with the general one on
/// seeded stored dates and on the same texts with a byte changed.
@Suite struct TimestampStoredTests {
    @Test func storedReadingEqualsTheGeneralOne() {
        var random = SeededGenerator(state: 20_261_201)
        let bytes = Array("0123456789-T:Z+ .xz9".utf8)
        var read = 0
        for _ in 0..<20_000 {
            let seconds = Double(Int64(random.next() % 400_000_000_000) - 60_000_000_000)
            var text = Array(Timestamp.format(Date(timeIntervalSince1970: seconds)).utf8)
            if random.chance(50) { text[Int(random.next() % UInt64(text.count))] = random.pick(bytes) }
            let string = String(decoding: text, as: UTF8.self)
            let stored = Timestamp.parseStored(string)
            if stored != nil { read += 1 }
            #expect(stored == nil || stored == Timestamp.parseGeneral(string), "\(string)")
            #expect(Timestamp.parse(string) == Timestamp.parseGeneral(string), "\(string)")
        }
        #expect(read > 10_000)
    }
}

@Suite struct TimestampFormatTests {
    @Test(arguments: [(0.0, "1970-01-01T00:00:00Z"), (1_706_693_400.9, "2024-01-31T09:30:00Z"), (951_782_400, "2000-02-29T00:00:00Z"),
                      (253_402_300_799, "9999-12-31T23:59:59Z"),
                      // Beyond what the stored form holds: the nearer end, not a crash.
                      (1e300, "9999-12-31T23:59:59Z"), (Double.infinity, "9999-12-31T23:59:59Z"),
                      (-1e300, "0000-01-01T00:00:00Z"), (-Double.infinity, "0000-01-01T00:00:00Z")])
    func formatsUTCSeconds(seconds: Double, text: String) {
        #expect(Timestamp.format(Date(timeIntervalSince1970: seconds)) == text)
    }
}
