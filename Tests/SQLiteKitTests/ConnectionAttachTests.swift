import Foundation
import Testing
@testable import SQLiteKit

/// ``Connection/attach(_:as:readOnly:)``: a file attached read-only stays out of the connection's write
/// transactions, so a reader of that file never holds back a commit.
@Suite struct ConnectionAttachTests {
    /// A database in rollback-journal mode (as a build's side file is) at `path`, with three rows in `t`.
    private func makeOther(at path: String) throws {
        var configuration = Connection.Configuration()
        configuration.switchesToWAL = false
        let other = try Connection(path: path, configuration: configuration)
        defer { other.close() }
        try other.execute("CREATE TABLE t(x); INSERT INTO t(x) VALUES (1), (2), (3)")
    }

    /// A writer with a short busy timeout, accepting URIs, whose file has a table `t`.
    private func writer(in folder: String) throws -> Connection {
        var configuration = Connection.Configuration()
        configuration.acceptsURIs = true
        configuration.busyTimeoutMilliseconds = 100
        let db = try Connection(path: folder + "/main.sqlite", configuration: configuration)
        try db.execute("CREATE TABLE t(x)")
        return db
    }

    /// Another connection reads the attached file, mid-statement, while a `BEGIN IMMEDIATE` transaction
    /// copies from it: attached read-only, the commit goes through; attached read-write, the commit waits for
    /// the reader and fails once the busy timeout is spent (how a build's splice waited for its word scan).
    @Test(arguments: [true, false])
    func aReaderOfTheAttachedFileHoldsBackACommitOnlyWhenItIsWritable(readOnly: Bool) throws {
        let folder = (temporaryDatabasePath() as NSString).deletingLastPathComponent
        let otherPath = folder + "/other.sqlite"
        try makeOther(at: otherPath)
        let db = try writer(in: folder)
        try db.attach(otherPath, as: "other", readOnly: readOnly)
        let reader = try Connection(path: otherPath, mode: .readOnly)
        let reading = try reader.prepare("SELECT x FROM t")
        #expect(try reading.step())
        let copy = {
            try db.transaction(.immediate) { try db.execute("INSERT INTO main.t SELECT x FROM other.t") }
        }
        if readOnly {
            try copy()
            #expect(try db.scalarInt("SELECT count(*) FROM main.t") == 3)
        } else {
            let error = try #require(throws: SQLiteError.self) { try copy() }
            #expect(error.code & 0xFF == 5) // SQLITE_BUSY
        }
        reading.finalize()
    }

    @Test func aReadOnlyAttachRefusesWrites() throws {
        let folder = (temporaryDatabasePath() as NSString).deletingLastPathComponent
        try makeOther(at: folder + "/other.sqlite")
        let db = try writer(in: folder)
        try db.attach(folder + "/other.sqlite", as: "other", readOnly: true)
        let error = try #require(throws: SQLiteError.self) { try db.execute("INSERT INTO other.t(x) VALUES (4)") }
        #expect(error.code & 0xFF == 8) // SQLITE_READONLY
    }

    /// Without URIs, `?mode=ro` would be part of a file name: SQLite would create that file instead.
    @Test func readOnlyNeedsAConnectionThatAcceptsURIs() throws {
        let folder = (temporaryDatabasePath() as NSString).deletingLastPathComponent
        try makeOther(at: folder + "/other.sqlite")
        let db = try Connection(path: folder + "/main.sqlite")
        #expect(!db.acceptsURIs)
        let error = try #require(throws: SQLiteError.self) { try db.attach(folder + "/other.sqlite", as: "other", readOnly: true) }
        #expect(error.code == 21) // SQLITE_MISUSE
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.contains("mode=ro") })
    }

    /// File names that mean something in a URI, or look like one: the connection accepting URIs opens the
    /// same file a plain open does, and attaches such a file read-only.
    @Test(arguments: ["with space", "per%20cent", "ques?tion", "hash#tag", "file:looks-like-a-uri", "메모", "a&b=c"])
    func oddNamesStillNameTheirFiles(name: String) throws {
        let folder = (temporaryDatabasePath() as NSString).deletingLastPathComponent + "/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try makeOther(at: folder + "/" + name + ".sqlite")
        var configuration = Connection.Configuration()
        configuration.acceptsURIs = true
        let same = try Connection(path: folder + "/" + name + ".sqlite", configuration: configuration)
        #expect(try same.scalarInt("SELECT count(*) FROM t") == 3)
        same.close()
        let db = try writer(in: folder)
        try db.attach(folder + "/" + name + ".sqlite", as: "odd \"name\"", readOnly: true)
        #expect(try db.scalarInt("SELECT count(*) FROM \"odd \"\"name\"\"\".t") == 3)
    }

    /// A path starting `//` is still a path: as a URI it gets an empty authority (`file:////tmp/…`), where
    /// `file://tmp/…` would name a host, which SQLite refuses. Opened, attached for writing and read-only.
    @Test func aPathStartingWithTwoSlashesNamesItsFile() throws {
        let folder = "/" + (temporaryDatabasePath() as NSString).deletingLastPathComponent
        #expect(folder.hasPrefix("//"))
        try makeOther(at: folder + "/other.sqlite")
        let db = try writer(in: folder)
        try db.attach(folder + "/other.sqlite", as: "ro", readOnly: true)
        try db.attach(folder + "/other.sqlite", as: "rw")
        #expect(try db.scalarInt("SELECT (SELECT count(*) FROM ro.t) + (SELECT count(*) FROM rw.t)") == 6)
        #expect(Connection.uri("//tmp/x") == "file:////tmp/x" && Connection.uri("tmp/x y") == "file:tmp/x%20y")
    }
}
