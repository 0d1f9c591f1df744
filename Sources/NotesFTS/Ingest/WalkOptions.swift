/// How a ``FileWalker`` chooses the files and folders it visits.
public struct WalkOptions: Sendable, Equatable {
    /// Honour `.gitignore`, `.ignore` and `.notesignore` files (see ``IgnoreRule``); default on.
    public var readsIgnoreFiles = true
    /// Globs to leave out (gitignore syntax, anchored at each root named): `--exclude`.
    public var excludes: [String] = []
    /// Follow symbolic links below a root (`-L`); a link to a folder's own ancestor is reported, not followed.
    public var followsLinks = false

    /// The defaults: ignore files honoured, nothing excluded, links not followed.
    public init(readsIgnoreFiles: Bool = true, excludes: [String] = [], followsLinks: Bool = false) {
        self.readsIgnoreFiles = readsIgnoreFiles
        self.excludes = excludes
        self.followsLinks = followsLinks
    }
}
