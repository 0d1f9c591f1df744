import NotesCLI

// notes-index: parse the options (IndexOptions.table), run (IndexCommand), exit once.
CommandLineTool.main(IndexCommand.self)
