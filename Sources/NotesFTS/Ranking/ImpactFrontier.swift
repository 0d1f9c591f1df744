/// The Pareto frontier of the `(f, D)` pairs of a term's notes that are not in its impact head: the points no
/// other point beats on both counts (a higher weighted frequency `f` and a smaller size `D`).
///
/// bm25's per-phrase part rises with `f` and falls with `D` whatever the collection's average size, so the
/// best any note outside the head can score for the term is reached at a frontier point, for every `N` and
/// `avgdl`: ``bound(averageSize:)`` is safe as notes come and go. A deleted note leaves its point (the bound
/// only becomes conservative); a new note either lies under the frontier or goes into the head.
struct ImpactFrontier: Equatable, Sendable {
    /// One `(f, D)` pair.
    struct Point: Equatable, Sendable {
        var frequency: Double
        var size: Int
    }

    /// The points, none dominating another.
    private(set) var points: [Point] = []

    /// Whether some point has at least `frequency` and at most `size` (so a note there scores no more).
    func covers(frequency: Double, size: Int) -> Bool {
        points.contains { $0.frequency >= frequency && $0.size <= size }
    }

    /// Adds a point, dropping those it dominates; a point already covered changes nothing.
    mutating func insert(frequency: Double, size: Int) {
        if covers(frequency: frequency, size: size) { return }
        points.removeAll { $0.frequency <= frequency && $0.size >= size }
        points.append(Point(frequency: frequency, size: size))
    }

    /// The largest bm25 saturation any covered note can reach at this average size (0 with no points).
    func bound(averageSize: Double) -> Double {
        points.reduce(0) { max($0, BM25.saturation(frequency: $1.frequency, size: $1.size, averageSize: averageSize)) }
    }

    /// The largest saturation a covered note of size `size` can reach: its point has no more than `size`
    /// tokens and at least its frequency (0 when no point is that short: no such note holds the term).
    func bound(size: Int, averageSize: Double) -> Double {
        points.reduce(0) { $1.size <= size ? max($0, BM25.saturation(frequency: $1.frequency, size: size, averageSize: averageSize)) : $0 }
    }

    /// Little-endian (f as a Float64, D as a UInt32) pairs.
    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(points.count * 12)
        for point in points {
            withUnsafeBytes(of: point.frequency.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt32(clamping: point.size).littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    init() {}

    /// Decodes ``encoded``; `nil` for bytes of the wrong length or a frequency that is not a finite number of
    /// at least 0 (a bound computed from it would be no bound).
    init?(encoded bytes: [UInt8]) {
        guard bytes.count % 12 == 0 else { return nil }
        for start in stride(from: 0, to: bytes.count, by: 12) {
            var bits: UInt64 = 0
            for index in (0..<8).reversed() { bits = bits << 8 | UInt64(bytes[start + index]) }
            var size: UInt32 = 0
            for index in (8..<12).reversed() { size = size << 8 | UInt32(bytes[start + index]) }
            let frequency = Double(bitPattern: bits)
            guard frequency.isFinite, frequency >= 0 else { return nil }
            points.append(Point(frequency: frequency, size: Int(size)))
        }
    }
}
