/// What the index remembers about one file it read: enough to skip it next time without reading it.
public struct SourceFile: Equatable, Sendable {
    /// Absolute path of the file.
    public var path: String
    /// Size in bytes when it was read.
    public var size: Int64
    /// Modification time in nanoseconds since 1970 when it was read.
    public var mtimeNanoseconds: Int64
    /// ``ContentHash`` of its bytes.
    public var hash: String

    /// Creates a source record.
    public init(path: String, size: Int64, mtimeNanoseconds: Int64, hash: String) {
        self.path = path
        self.size = size
        self.mtimeNanoseconds = mtimeNanoseconds
        self.hash = hash
    }
}
