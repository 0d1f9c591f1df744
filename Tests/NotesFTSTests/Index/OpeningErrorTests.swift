import CSQLite
import Foundation
import Testing
@testable import NotesFTS
@testable import SQLiteKit

/// What a failure to open or write the index says: one line, the index, what to do, never SQL.
@Suite struct OpeningErrorTests {
    @Test(arguments: [SQLITE_FULL, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_CORRUPT,
                      SQLITE_IOERR, SQLITE_NOMEM, SQLITE_ERROR, SQLITE_CONSTRAINT])
    func databaseMessagesNameTheIndexAndNeverShowSQL(code: Int32) {
        let error = SQLiteError(code: code, message: "something failed", sql: "SELECT secret FROM notes WHERE id = ?1")
        let message = NotesFTSError.database(path: "/x/notes.sqlite", error: error).description
        #expect(message.contains("/x/notes.sqlite"))
        #expect(!message.contains("SELECT") && !message.contains("secret"))
        #expect(!message.contains("\n"))
    }

    @Test func anENOSPCWriteErrorIsAFullDisk() {
        var error = SQLiteError(code: SQLITE_IOERR, extendedCode: 778, message: "disk I/O error")
        error.systemErrno = 28
        #expect(error.isDiskFull)
        #expect(NotesFTSError.database(path: "i.sqlite", error: error).description.contains("the disk is full"))
    }

    @Test func aLockHeldPastTheBusyTimeoutSaysWhatToDo() throws {
        let folder = TestFolder()
        var configuration = NoteIndex.defaultConfiguration
        configuration.busyTimeoutMilliseconds = 50
        let index = try NoteIndex(path: folder.database, configuration: configuration)
        defer { index.close() }
        let holder = try Connection(path: folder.database)
        defer { holder.close() }
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        do {
            try index.save(Note(path: "/a.txt", title: "a", body: "b"))
            Issue.record("the write should have timed out")
        } catch {
            #expect("\(error)".contains("is locked by another program"))
            #expect(!"\(error)".contains("BEGIN"))
        }
    }

    @Test func aFailedFirstBuildOnAFullDiskRemovesItsFiles() throws {
        let folder = TestFolder()
        let index = try NoteIndex(path: folder.database)
        index.sawFullDisk = true
        try index.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        index.close()
        // The checkpoint succeeds here (the disk is not really full): the index stays, without a WAL.
        #expect(FileManager.default.fileExists(atPath: folder.database))
        #expect(!FileManager.default.fileExists(atPath: folder.database + "-wal"))
    }

    @Test(arguments: [EACCES, EPERM])
    func anIndexTheUserMayNotReadIsSaidToBeSo(errno: Int32) {
        var error = SQLiteError(code: SQLITE_CANTOPEN, message: "unable to open database file")
        error.systemErrno = errno
        let message = NotesFTSError.database(path: "/x/notes.sqlite", error: error).description
        #expect(message.contains("permission denied"), "\(message)")
        #expect(!message.contains("folder exists"), "\(message)")
        error.systemErrno = ENOENT
        #expect(NotesFTSError.database(path: "/x/notes.sqlite", error: error).description.contains("folder exists"))
    }
}
