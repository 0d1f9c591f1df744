import Foundation
@testable import NotesFTS

/// The sample exports committed under `Tests/Samples/`, one folder per app, laid out as each app writes them.
enum Samples {
    /// The absolute path of `Tests/Samples`.
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples").path

    /// The absolute path of `relative` below `Tests/Samples`.
    static func path(_ relative: String) -> String { root + "/" + relative }

    /// The notes of one sample file, read as `notes-index` reads it (file dates left out).
    static func notes(_ relative: String) throws -> [Note] {
        let path = path(relative)
        var notes: [Note] = []
        try NoteFileReader.read(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path,
                                dates: .none, emit: { notes.append($0) }, warn: { _ in })
        return notes
    }

    /// One sample note (the file's only or first).
    static func note(_ relative: String) throws -> Note {
        guard let first = try notes(relative).first else { throw NoteReadError("no note in \(relative)") }
        return first
    }

    /// `date` as stored (`2024-01-31T09:30:00Z`).
    static func stamp(_ date: Date?) -> String? { date.map(Timestamp.format) }
}
