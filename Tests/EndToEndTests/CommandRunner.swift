import Foundation
import TestScratch

/// What a finished process printed and returned.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs the built executables (notes-index, notes-find) as a user would, in a temporary folder.
struct CommandRunner {
    /// The folder holding the built products (the test bundle sits beside the executables).
    static let productsDirectory: String = {
        var candidates = [Bundle.main.bundlePath, (CommandLine.arguments[0] as NSString).deletingLastPathComponent]
        candidates += Bundle.allBundles.map { ($0.bundlePath as NSString).deletingLastPathComponent }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0 + "/notes-find") } ?? Bundle.main.bundlePath
    }()

    let workingDirectory: String

    init() {
        workingDirectory = ScratchFolder.make("notes-e2e")
        try? FileManager.default.createDirectory(atPath: workingDirectory + "/notes", withIntermediateDirectories: true)
    }

    var database: String { workingDirectory + "/index.sqlite" }
    var notes: String { workingDirectory + "/notes" }

    /// Writes a note file under `notes/`.
    func write(_ relative: String, _ text: String) {
        writeBytes(relative, Array(text.utf8))
    }

    func writeBytes(_ relative: String, _ bytes: [UInt8]) {
        let path = notes + "/" + relative
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// Runs `program` (a built product, or an absolute path) with `arguments`; the environment is minimal (HOME points into the temporary folder).
    /// `input`, when given, is the process's standard input (else it reads nothing).
    func run(_ program: String, _ arguments: [String], environment: [String: String] = [:],
             input: String? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : Self.productsDirectory + "/" + program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory)
        var base = ["HOME": workingDirectory + "/home", "PATH": "/usr/bin:/bin"]
        base.merge(environment) { _, new in new }
        process.environment = base
        let outPath = workingDirectory + "/.stdout-\(UUID().uuidString)"
        let errPath = workingDirectory + "/.stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        if let input {
            let inPath = workingDirectory + "/.stdin-\(UUID().uuidString)"
            _ = FileManager.default.createFile(atPath: inPath, contents: Data(input.utf8))
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let stdout = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return CommandResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    func index(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> CommandResult {
        try run("notes-index", ["--db", database] + arguments, environment: environment)
    }

    func find(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> CommandResult {
        try run("notes-find", ["--db", database] + arguments, environment: environment, input: input)
    }

    /// A small folder of notes in every format.
    func writeSampleNotes() {
        write("work/deploy.md", "# Deploy checklist\n\nRun the tests.\nThen deploy to production.\n")
        write("work/weekly.md", "# Weekly meeting\n\nWe discussed the deploy plan for next week.\n#work\n")
        write("recipes/bread.txt", "Sourdough bread\nFeed the starter, bake at 250 degrees.\n")
        write("exports/keep.json", #"[{"title": "Packing list", "content": "passport, charger", "tags": ["travel"], "created": "2024-05-01T10:00:00Z"}]"#)
        write("exports/quick.jsonl", "{\"title\": \"Idea\", \"text\": \"a search engine for notes\", \"created_at\": 1700000000}\n")
        write("korean/회의록.md", "# 주간 회의록\n\n다음 주 배포 일정 논의\n")
    }
}
