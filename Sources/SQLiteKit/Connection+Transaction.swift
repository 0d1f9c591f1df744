import CSQLite

extension Connection {
    /// How a top-level transaction takes its locks.
    public enum TransactionKind: String, Sendable {
        /// Takes the write lock at once (`BEGIN IMMEDIATE`): the right choice for writers, no upgrade deadlocks.
        case immediate = "IMMEDIATE"
        /// Takes locks on first use (`BEGIN DEFERRED`): for read-only snapshots.
        case deferred = "DEFERRED"
    }

    /// Runs `body` inside a transaction: commits when it returns, rolls back and rethrows when it throws.
    ///
    /// Called inside another transaction it becomes a savepoint, so nesting composes:
    /// ```swift
    /// try db.transaction {
    ///     try db.run("INSERT INTO t(x) VALUES(1)")
    ///     try db.transaction { try db.run("INSERT INTO t(x) VALUES(2)") } // a savepoint
    /// }
    /// ```
    @discardableResult
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        guard isAutocommit else { return try savepoint(body) }
        try execute("BEGIN \(kind.rawValue)")
        transactionsBegun += 1
        let value: T
        do {
            value = try body()
        } catch {
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
        return value
    }

    /// Runs `body` inside a savepoint: released when it returns, rolled back to and released when it throws.
    @discardableResult
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        let name = "sqlitekit_sp\(savepointDepth)"
        defer { savepointDepth -= 1 }
        try execute("SAVEPOINT \(name)")
        do {
            let value = try body()
            try execute("RELEASE \(name)")
            return value
        } catch {
            try? execute("ROLLBACK TO \(name)")
            try? execute("RELEASE \(name)")
            throw error
        }
    }
}
