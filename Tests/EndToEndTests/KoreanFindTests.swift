import Foundation
import TestScratch
import Testing

/// Runs the built notes-index / notes-find (and, where installed, the stock sqlite3 shell) on Korean notes.
struct KoreanCommandRunner {
    /// The folder holding the built products (the test bundle sits beside the executables).
    static let productsDirectory: String = {
        var candidates = [Bundle.main.bundlePath, (CommandLine.arguments[0] as NSString).deletingLastPathComponent]
        candidates += Bundle.allBundles.map { ($0.bundlePath as NSString).deletingLastPathComponent }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0 + "/notes-find") } ?? Bundle.main.bundlePath
    }()

    let folder = ScratchFolder.make("korean-e2e")
    var database: String { folder + "/index.sqlite" }

    func write(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/notes", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/notes/" + name))
    }

    /// Runs `program` (a product name or an absolute path); returns status and stdout.
    func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : Self.productsDirectory + "/" + program)
        process.arguments = arguments
        process.environment = ["HOME": folder, "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: folder) }
}

/// Acceptance 2 of issue 4: notes-find finds Korean words inside longer eojeol and marks exactly them.
@Suite struct KoreanFindTests {
    /// The `snippet` fields of notes-find's JSON results for `query`.
    private func snippets(_ runner: KoreanCommandRunner, _ arguments: [String]) throws -> [String] {
        let (status, stdout) = try runner.run("notes-find", ["--db", runner.database, "--json"] + arguments)
        #expect(status == 0, "notes-find \(arguments) exited \(status)")
        return stdout.split(separator: "\n").compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["type"] as? String == "result" ? object?["snippet"] as? String : nil
        }
    }

    @Test func findsAndMarksKoreanInsideLongerWords() throws {
        let runner = KoreanCommandRunner()
        defer { runner.cleanUp() }
        try runner.write("law.txt", "국회의원은 법률안을 제출할 수 있다\n")
        try runner.write("db.txt", "데이터베이스를 설계했다\n")
        try runner.write("search.txt", "전문검색 엔진\n")
        try runner.write("sqlite.txt", "SQLite를 쓴다\n")
        try runner.write("mac.txt", "맥에서 쓴 회의록 메모\n".decomposedStringWithCanonicalMapping)
        try runner.write("catalog.txt", "The catalog was updated\n")
        #expect(try runner.run("notes-index", ["--db", runner.database, runner.folder + "/notes"]).status == 0)

        #expect(try snippets(runner, ["국회"]) == ["<mark>국회</mark>의원은 법률안을 제출할 수 있다"])
        #expect(try snippets(runner, ["데이터베이스"]) == ["<mark>데이터베이스</mark>를 설계했다"])
        #expect(try snippets(runner, ["검색"]) == ["전문<mark>검색</mark> 엔진"])
        #expect(try snippets(runner, ["sqlite"]) == ["<mark>SQLite</mark>를 쓴다"])
        // A note written in NFD (as macOS does) is found by an NFC query, and an NFD query finds it too.
        #expect(try snippets(runner, ["회의록"]) == ["맥에서 쓴 <mark>회의록</mark> 메모"])
        #expect(try snippets(runner, ["회의록".decomposedStringWithCanonicalMapping]).count == 1)
        // One syllable, mixed queries, and English word semantics.
        #expect(try snippets(runner, ["원"]) == ["국회의<mark>원</mark>은 법률안을 제출할 수 있다"])
        #expect(try snippets(runner, ["SQLite 쓴다"]).count == 1)
        #expect(try runner.run("notes-find", ["--db", runner.database, "log"]).status == 1)
        #expect(try snippets(runner, ["--substring", "talog"]) == ["The ca<mark>talog</mark> was updated"])
    }
}
