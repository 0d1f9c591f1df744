/// A file the walker found: where it is and what `stat` says, so unchanged files need not be read.
package struct FileEntry: Sendable, Equatable {
    /// Absolute path.
    package var path: String
    /// Size in bytes.
    package var size: Int64
    /// Modification time in nanoseconds since 1970.
    package var mtimeNanoseconds: Int64
}
