import Dispatch

/// `async` variants of the index's calls, for apps that `await`: the same work, run on a dispatch queue so
/// a blocking SQLite call never holds one of Swift concurrency's few threads.
///
/// ```swift
/// let index = try NoteIndex(path: path)
/// async let mine = index.search("milk")
/// async let theirs = index.search("eggs")
/// let (a, b) = try await (mine, theirs)     // in parallel, on read-only connections
/// ```
extension NoteIndex {
    /// Stores `note` (see ``save(_:)``).
    @discardableResult
    public func save(_ note: Note) async throws -> Int64 {
        try await offload { try self.save(note) }
    }

    /// Deletes the note with `id` (see ``deleteNote(id:)``).
    @discardableResult
    public func deleteNote(id: Int64) async throws -> Bool {
        try await offload { try self.deleteNote(id: id) }
    }

    /// Searches for `text` (see ``search(_:options:)``).
    public func search(_ text: String, options: SearchOptions = SearchOptions()) async throws -> [SearchResult] {
        try await offload { try self.search(text, options: options) }
    }

    /// A page of results and the total (see ``searchPage(_:options:)``).
    public func searchPage(_ text: String, options: SearchOptions = SearchOptions()) async throws -> SearchPage {
        try await offload { try self.searchPage(text, options: options) }
    }

    /// The number of notes `text` finds (see ``count(_:options:)``).
    public func count(_ text: String, options: SearchOptions = SearchOptions()) async throws -> Int {
        try await offload { try self.count(text, options: options) }
    }

    /// Notes containing `query.text` anywhere (see ``searchSubstring(_:options:)``).
    public func searchSubstring(_ query: SubstringQuery, options: SearchOptions = SearchOptions()) async throws -> [SearchResult] {
        try await offload { try self.searchSubstring(query, options: options) }
    }

    /// Runs `work` on a global dispatch queue and resumes with its outcome.
    private func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}
