import Foundation
import Testing

/// `notes-index` given only paths that do not exist did nothing but still created an (empty) index file and
/// exited 1 ("done, but some inputs were skipped"); now it exits 2 naming them, before opening the index.
/// One missing path beside one that exists is still skipped by name, and the rest indexed (exit 1).
@Suite struct MissingPathCommandTests {
    @Test(arguments: [["nope"], ["nope", "notes/a.md/below"]])
    func onlyMissingPathsAreAnErrorAndCreateNoIndex(paths: [String]) throws {
        let runner = CommandRunner()
        runner.write("a.md", "# a\n")
        let result = try runner.index(paths)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(paths.allSatisfy { result.stderr.contains("'\($0)'") }, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.database))
    }

    @Test func aMissingPathBesideAnotherIsSkippedAndNothingIndexedIsLost() throws {
        let runner = CommandRunner()
        runner.write("a.md", "# zzkept\n")
        #expect(try runner.index(["-q", runner.notes]).status == 0)
        #expect(try runner.index(["-q", "nope"]).status == 2)
        let both = try runner.index(["-q", "nope", runner.notes])
        #expect(both.status == 1)
        #expect(both.stderr.contains("skipped \(runner.workingDirectory)/nope: no such file or directory"))
        #expect(try runner.find(["-c", "zzkept"]).stdout == "1\n")
    }
}
