import Foundation
import TestScratch
@testable import SQLiteKit

/// A fresh database file in its own temporary folder.
func temporaryDatabasePath() -> String {
    ScratchFolder.make("sqlitekit") + "/test.sqlite"
}
