import Foundation

extension Indexer {
    /// How files are read, handed to the reading threads.
    struct ReadSettings: Sendable {
        /// ``Indexer/fieldMap``.
        var map: JSONFieldMap?
        /// ``Indexer/streamingThreshold``.
        var streamingThreshold = Indexer.defaultStreamingThreshold

        /// Whether the file at `path`, `size` bytes, is streamed by the writer rather than parsed ahead.
        func streams(_ path: String, size: Int) -> Bool {
            guard size > streamingThreshold, let format = NoteFileReader.format(of: path) else { return false }
            return format == .json || format == .jsonLines
        }
    }

    /// The default of ``streamingThreshold``: 1 MiB.
    package static let defaultStreamingThreshold = 1 << 20

    /// Reads the file of `source` again and streams its notes into the index (on the writer thread); a file
    /// that cannot be read as notes is reported and its earlier notes stay.
    func stream(_ source: SourceFile, isNew: Bool, entry: FileEntry, indexedAt: String,
                directFullText: Bool, summary: inout IndexSummary) throws {
        var warnings: [NoteReadWarning] = []
        var count = 0
        do {
            let bytes = try NoteFileReader.bytes(at: source.path)
            let current = SourceFile(path: source.path, size: Int64(bytes.count), mtimeNanoseconds: source.mtimeNanoseconds,
                                     hash: bytes.count == source.size ? source.hash
                                         : ReadingContext(fingerprint: source.hash).fingerprint(ContentHash.hex(of: bytes)))
            let dates = FileDates(path: source.path, modified: Date(timeIntervalSince1970: Double(entry.mtimeNanoseconds) / 1e9))
            let map = fieldMap
            try index.replaceNotes(of: current, indexedAt: indexedAt, directFullText: directFullText && isNew) { add in
                try NoteFileReader.read(bytes: bytes, path: source.path, dates: dates, map: map, emit: { note in
                    count += 1
                    try add(note)
                }, warn: { warnings.append($0) })
            }
        } catch let error as NoteReadError {
            onWarning(IndexWarning(path: entry.path, reason: error.reason))
            summary.skipped += 1
            return
        }
        summary.read += 1
        summary.countRead(isNew: isNew, notes: count)
        for warning in warnings { partlyRead(entry.path, warning, &summary) }
    }
}
