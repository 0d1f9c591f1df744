/// A part of a file left out while the rest of it was read: a malformed JSON Lines line, or notes that cannot
/// be read (the encrypted items of a partly encrypted Standard Notes backup). `reason` is short and
/// lowercase, ready for `path: reason`, and says what to do.
package struct NoteReadWarning: Equatable, Sendable, CustomStringConvertible {
    /// What was left out.
    package enum Part: Equatable, Sendable {
        /// One line of a JSON Lines file.
        case line
        /// This many notes (found, but unreadable).
        case notes(Int)
    }

    /// What was left out and why, e.g. `malformed JSON at line 3 (…); line skipped`.
    package var reason: String
    /// What was left out.
    package var part: Part

    /// Creates a warning.
    package init(_ reason: String, part: Part = .line) {
        self.reason = reason
        self.part = part
    }

    /// The reason.
    package var description: String { reason }
}
