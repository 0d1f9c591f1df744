import NotesCLI
import SQLiteKit

// notes-index: parse the options (IndexOptions.table), run (IndexCommand), exit once.
// A first build uses SQLite on four threads: without the memory statistics they do not share one mutex
// (Benchmarks/README.md, "The end of a first build on both cores").
SQLiteLibrary.setMemoryStatistics(false)
CommandLineTool.main(IndexCommand.self)
