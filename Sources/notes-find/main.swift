import NotesCLI

// notes-find: parse the options (FindOptions.table), run (FindCommand), exit once.
CommandLineTool.main(FindCommand.self)
