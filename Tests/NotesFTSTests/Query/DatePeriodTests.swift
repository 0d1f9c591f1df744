import Foundation
import Testing
@testable import NotesFTS

@Suite struct DatePeriodTests {
    let now = Date(timeIntervalSince1970: 1_717_243_200) // 2024-06-01T12:00:00Z

    @Test func calendarPeriods() throws {
        let month = try #require(DatePeriod.parse("2024-02"))
        #expect(Timestamp.format(month.start) == "2024-02-01T00:00:00Z")
        #expect(Timestamp.format(month.end) == "2024-03-01T00:00:00Z")
        let year = try #require(DatePeriod.parse("2023"))
        #expect(Timestamp.format(year.end) == "2024-01-01T00:00:00Z")
        let day = try #require(DatePeriod.parse("2024-12-31"))
        #expect(Timestamp.format(day.end) == "2025-01-01T00:00:00Z")
    }

    @Test func relativePeriods() throws {
        #expect(DatePeriod.parse("7d", now: now).map { Timestamp.format($0.start) } == "2024-05-25T12:00:00Z")
        #expect(DatePeriod.parse("2w", now: now).map { Timestamp.format($0.start) } == "2024-05-18T12:00:00Z")
        #expect(DatePeriod.parse("today", now: now).map { Timestamp.format($0.start) } == "2024-06-01T00:00:00Z")
        #expect(DatePeriod.parse("soon", now: now) == nil)
        #expect(DatePeriod.parse("2024-00", now: now) == nil)
    }

    /// A timestamp is the second (or minute) it names, as a day is its day: `modified:2024-01-31T23:59:59Z`
    /// is that second, not everything from it on.
    @Test(arguments: [("2024-01-31T23:59:59Z", "2024-01-31T23:59:59Z", "2024-02-01T00:00:00Z"),
                      ("2024-01-31T23:59:59.750Z", "2024-01-31T23:59:59Z", "2024-02-01T00:00:00Z"),
                      ("2024-01-31 23:59:59+02:00", "2024-01-31T21:59:59Z", "2024-01-31T22:00:00Z"),
                      ("2024-01-31T23:59", "2024-01-31T23:59:00Z", "2024-02-01T00:00:00Z"),
                      ("2024-01-31T23:59-05:00", "2024-02-01T04:59:00Z", "2024-02-01T05:00:00Z"),
                      ("1706745599", "2024-01-31T23:59:59Z", "2024-02-01T00:00:00Z"),
                      ("2024-01-31", "2024-01-31T00:00:00Z", "2024-02-01T00:00:00Z")])
    func timestampsAreTheirSecondOrMinute(text: String, start: String, end: String) throws {
        let period = try #require(DatePeriod.parse(text, now: now))
        #expect(Timestamp.format(period.start) == start)
        #expect(Timestamp.format(period.end) == end)
    }

    @Test func comparisonsWithATimestampAreToTheSecond() throws {
        let second = try #require(DatePeriod.parse("2024-01-31T23:59:59Z"))
        let (at, next) = (Timestamp.parse("2024-01-31T23:59:59Z"), Timestamp.parse("2024-02-01T00:00:00Z"))
        #expect(DateComparison.equal.filter(.modified, second) == DateFilter(field: .modified, from: at, before: next))
        #expect(DateComparison.atLeast.filter(.modified, second) == DateFilter(field: .modified, from: at))
        #expect(DateComparison.after.filter(.modified, second) == DateFilter(field: .modified, from: next))
        #expect(DateComparison.atMost.filter(.modified, second) == DateFilter(field: .modified, before: next))
        #expect(DateComparison.before.filter(.modified, second) == DateFilter(field: .modified, before: at))
        // A relative instant with no operator still means "since then".
        let week = try #require(DatePeriod.parse("7d", now: now))
        #expect(DateComparison.equal.filter(.modified, week) == DateFilter(field: .modified, from: week.start))
    }

    @Test func comparisonsBecomeHalfOpenRanges() throws {
        let month = try #require(DatePeriod.parse("2025-06"))
        #expect(DateComparison.before.filter(.modified, month) == DateFilter(field: .modified, before: Timestamp.parse("2025-06-01T00:00:00Z")))
        #expect(DateComparison.atMost.filter(.modified, month) == DateFilter(field: .modified, before: Timestamp.parse("2025-07-01T00:00:00Z")))
        #expect(DateComparison.after.filter(.created, month) == DateFilter(field: .created, from: Timestamp.parse("2025-07-01T00:00:00Z")))
        #expect(DateComparison.atLeast.filter(.created, month) == DateFilter(field: .created, from: Timestamp.parse("2025-06-01T00:00:00Z")))
        #expect(DateComparison.equal.filter(.created, month)
                == DateFilter(field: .created, from: Timestamp.parse("2025-06-01T00:00:00Z"), before: Timestamp.parse("2025-07-01T00:00:00Z")))
    }
}
