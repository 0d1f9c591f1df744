/// What the index remembers about one file it read: enough to skip it next time without reading it.
package struct SourceFile: Equatable, Sendable {
    /// Absolute path of the file.
    package var path: String
    /// Size in bytes when it was read.
    package var size: Int64
    /// Modification time in nanoseconds since 1970 when it was read.
    package var mtimeNanoseconds: Int64
    /// ``ContentHash`` of its bytes, with the ``ReadingContext`` they were read in (`<hash>+obsidian`).
    package var hash: String

    /// Creates a source record.
    package init(path: String, size: Int64, mtimeNanoseconds: Int64, hash: String) {
        self.path = path
        self.size = size
        self.mtimeNanoseconds = mtimeNanoseconds
        self.hash = hash
    }
}
