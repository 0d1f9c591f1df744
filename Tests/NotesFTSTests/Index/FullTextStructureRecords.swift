@testable import NotesFTS

extension FullTextStructure {
    /// A structure record with `levels`: an empty one decoded, then given them (the type has no other
    /// initialiser; `aRecordEncodesToTheSameBytes` checks the encoding).
    static func record(_ levels: [Level], cookie: UInt32 = 7, writes: Int = 100) -> FullTextStructure {
        var bytes: [UInt8] = [0, 0, 0, UInt8(cookie), 0, 0]
        Varint.append(writes, to: &bytes)
        var record = FullTextStructure(bytes: bytes)!
        record.levels = levels
        return record
    }

    /// Segments with these ids and page counts.
    static func sized(_ pairs: [(id: Int, pages: Int)]) -> [Segment] {
        pairs.map { Segment(id: $0.id, firstPage: 5, lastPage: 4 + $0.pages) }
    }
}
