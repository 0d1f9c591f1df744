/// Puts rows that FTS5 hands over in rank order (`ORDER BY rank`) into the library's order, ties in score
/// broken by id, while holding only the current run of equal scores: a second SQL sort key would make SQLite
/// sort every match, and sorting in Swift would hold them all.
struct RankTies<Row> {
    private var run: [(id: Int64, row: Row)] = []
    private var score: Double?

    /// Adds the next row; first hands on, in order, the run of equal scores that this row's score ends.
    mutating func add(_ row: Row, id: Int64, score: Double, _ emit: (Row) throws -> Void) throws {
        if let current = self.score, current != score { try flush(emit) }
        self.score = score
        run.append((id, row))
    }

    /// Hands on the rows still held, ties by id (call once the rows are done).
    mutating func flush(_ emit: (Row) throws -> Void) throws {
        run.sort { $0.id < $1.id }
        for entry in run { try emit(entry.row) }
        run.removeAll(keepingCapacity: true)
        score = nil
    }
}
