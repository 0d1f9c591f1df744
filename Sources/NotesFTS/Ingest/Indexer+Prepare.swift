import Dispatch
import Foundation

/// Reading a batch of files into what the writer applies: off the writer, on all cores, without touching the
/// database (``Indexer/prepare(_:known:bulk:settings:)``).
extension Indexer {
    /// What reading one file came to (computed off the writer, in parallel).
    enum Prepared: Sendable {
        case unchanged
        case touched(SourceFile)
        case parsed(SourceFile, [Note], isNew: Bool)
        /// A file new to an empty index during a bulk first build: its rows, ready to insert.
        case fresh(SourceFile, [NoteIndex.NoteRow])
        case failed(String)
        /// A large JSON file the writer streams into the index itself (``Indexer/streamingThreshold``).
        case streamed(SourceFile, isNew: Bool)
        /// What the inner outcome says, plus problems with parts of the file (a malformed JSON Lines line,
        /// encrypted notes).
        indirect case withWarnings([NoteReadWarning], Prepared)
    }

    /// Reads and parses a batch on all cores (callable from any thread; nothing here touches the database).
    /// With `bulk`, new files come back as ready-to-insert rows (``Prepared/fresh(_:_:)``).
    static func prepare(_ batch: [FileEntry], known: [String: SourceFile], bulk: Bool, settings: ReadSettings) -> [Prepared] {
        let results = UnsafeMutableBufferPointer<Prepared>.allocate(capacity: batch.count)
        results.initialize(repeating: .unchanged)
        defer { results.deinitialize(); results.deallocate() }
        nonisolated(unsafe) let output = results
        DispatchQueue.concurrentPerform(iterations: batch.count) { position in
            output[position] = prepare(batch[position], known: known[batch[position].path], bulk: bulk, settings: settings)
        }
        return Array(results)
    }

    static func prepare(_ entry: FileEntry, known: SourceFile?, bulk: Bool = false,
                        settings: ReadSettings = ReadSettings()) -> Prepared {
        // A file's place can change how it is read (``ReadingContext``): then it is read again, unchanged or not.
        let context = ReadingContext(path: entry.path)
        if let known, known.size == entry.size, known.mtimeNanoseconds == entry.mtimeNanoseconds,
           ReadingContext(fingerprint: known.hash) == context {
            return .unchanged
        }
        do {
            let bytes = try NoteFileReader.bytes(at: entry.path)
            let hash = context.fingerprint(ContentHash.hex(of: bytes))
            let source = SourceFile(path: entry.path, size: Int64(bytes.count), mtimeNanoseconds: entry.mtimeNanoseconds, hash: hash)
            if let known, known.hash == hash { return .touched(source) }
            if settings.streams(entry.path, size: bytes.count) { return .streamed(source, isNew: known == nil) }
            let modified = Date(timeIntervalSince1970: Double(entry.mtimeNanoseconds) / 1e9)
            var notes: [Note] = []
            var warnings: [NoteReadWarning] = []
            try NoteFileReader.read(bytes: bytes, path: entry.path, dates: FileDates(path: entry.path, modified: modified),
                                    map: settings.map, emit: { notes.append($0) }, warn: { warnings.append($0) })
            let outcome: Prepared = bulk && known == nil
                ? .fresh(source, notes.enumerated().map { NoteIndex.NoteRow($0.element, path: source.path, position: $0.offset) })
                : .parsed(source, notes, isNew: known == nil)
            return warnings.isEmpty ? outcome : .withWarnings(warnings, outcome)
        } catch let error as NoteReadError {
            return .failed(error.reason)
        } catch {
            return .failed(String(describing: error))
        }
    }
}
