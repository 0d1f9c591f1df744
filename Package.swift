// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "notes-fts",
    products: [
        .library(name: "NotesFTS", targets: ["NotesFTS"]),
        // The CJK tokenizer as an SQLite loadable extension, for sqlite3, Datasette and other SQLite tools.
        .library(name: "NotesFTSExtension", type: .dynamic, targets: ["NotesFTSExtension"]),
        .executable(name: "notes-index", targets: ["notes-index"]),
        .executable(name: "notes-find", targets: ["notes-find"]),
    ],
    targets: [
        // Layer 1: the system SQLite (3.40.1 on Debian 12) and a shim for the variadic calls Swift cannot make.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // Layer 2: a thin, safe SQLite wrapper that knows nothing about notes.
        .target(name: "SQLiteKit", dependencies: ["CSQLite"]),
        // Layer 3: the domain library: notes, schema, ingestion, search.
        // The FTS5 tokenizer for Korean and other CJK text (no Foundation: it is also loaded into sqlite3).
        .target(name: "NotesTokenizer", dependencies: ["CSQLite", "SQLiteKit"]),
        .target(name: "NotesFTS", dependencies: ["SQLiteKit", "NotesTokenizer"]),
        // The loadable-extension entry point over NotesTokenizer (product NotesFTSExtension).
        .target(name: "NotesFTSExtension", dependencies: ["NotesTokenizer"]),
        // Layer 4: what the executables share (arguments, colour, progress), then the executables.
        .target(name: "NotesCLI", dependencies: ["NotesFTS"]),
        .executableTarget(name: "notes-index", dependencies: ["NotesFTS", "NotesCLI", "SQLiteKit"]),
        .executableTarget(name: "notes-find", dependencies: ["NotesFTS", "NotesCLI"]),
        // Layer 5: the benchmark (a report, never part of `swift test`): `swift run -c release notes-bench --help`.
        .executableTarget(
            name: "notes-bench",
            dependencies: ["NotesFTS", "SQLiteKit", "NotesCLI"],
            path: "Benchmarks/Sources/notes-bench"
        ),

        // Temporary folders for the tests, removed when the test process exits.
        .target(name: "TestScratch", path: "Tests/TestScratch"),
        .testTarget(name: "SQLiteKitTests", dependencies: ["SQLiteKit", "TestScratch"]),
        .testTarget(name: "NotesTokenizerTests", dependencies: ["NotesTokenizer", "SQLiteKit"]),
        .testTarget(name: "NotesFTSTests", dependencies: ["NotesFTS", "SQLiteKit", "NotesTokenizer", "TestScratch"]),
        .testTarget(name: "NotesCLITests", dependencies: ["NotesCLI"]),
        .testTarget(name: "EndToEndTests", dependencies: ["notes-index", "notes-find", "TestScratch"]),
    ]
)
