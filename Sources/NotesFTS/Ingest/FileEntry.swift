/// A file the walker found: where it is and what `stat` says, so unchanged files need not be read.
public struct FileEntry: Sendable, Equatable {
    /// Absolute path.
    public var path: String
    /// Size in bytes.
    public var size: Int64
    /// Modification time in nanoseconds since 1970.
    public var mtimeNanoseconds: Int64
}
