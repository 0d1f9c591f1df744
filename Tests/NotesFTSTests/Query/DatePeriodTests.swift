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
