/// Why a file could not be read as notes; `reason` is short and lowercase, ready for `path: reason`.
package struct NoteReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, e.g. `invalid UTF-8 at byte 12` or `malformed JSON at line 3`.
    package var reason: String
    /// Creates an error with `reason`.
    package init(_ reason: String) { self.reason = reason }
    /// The reason.
    package var description: String { reason }
}
