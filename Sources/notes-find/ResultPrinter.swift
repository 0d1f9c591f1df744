import Foundation
import NotesCLI
import NotesFTS

/// Formats results for one output mode. Human output shows control characters of paths, titles and
/// snippets escaped (``TerminalEscape``); paths (`-l`, `-0`) stay byte-exact unless stdout is a terminal;
/// JSON escapes by JSON's rules.
struct ResultPrinter {
    let mode: OutputMode
    let style: Style
    let nulSeparated: Bool
    /// Whether `-l` paths are escaped (stdout is a terminal).
    let escapesPaths: Bool
    /// The folder paths are shown relative to; `nil` (the current folder was deleted) shows them absolute.
    let currentDirectory: String?
    let output: OutputBuffer

    func displayPath(_ path: String) -> String {
        currentDirectory.map { PathNormalization.display(path, relativeTo: $0) } ?? path
    }

    /// Prints one result in the chosen mode (human or JSON; paths go through ``printPath(_:)``); throws
    /// ``OutputError`` when the output cannot be written.
    func print(_ result: SearchResult) throws {
        switch mode {
        case .human:
            var heading = style.path(TerminalEscape.escaped(displayPath(result.path))) + ":"
            heading += style.lineNumber(String(result.line)) + "  " + style.title(TerminalEscape.escaped(result.title))
            try output.line(heading)
            let snippet = result.snippet.marked(open: style.matchOpen, close: style.matchClose,
                                                escape: TerminalEscape.escaped)
            if !snippet.isEmpty { try output.line("    " + snippet) }
            try output.line("")
        case .json:
            try output.line(Self.json(result).rendered)
        case .paths, .count:
            break
        }
    }

    /// Prints one path of `-l`: escaped on a terminal, byte-exact to a pipe; ended by NUL with `-0`. Throws
    /// ``OutputError`` when the output cannot be written.
    func printPath(_ path: String) throws {
        try output.write(escapesPaths ? TerminalEscape.escaped(displayPath(path)) : displayPath(path))
        try output.write(nulSeparated ? "\u{0}" : "\n")
    }

    /// The `--json` object of one result; field names and order are documented in the README.
    static func json(_ result: SearchResult) -> JSONValue {
        .object([
            ("type", .string("result")),
            ("id", .int(result.id)),
            ("path", .string(result.path)),
            ("line", .int(Int64(result.line))),
            ("position", .int(Int64(result.position))),
            ("title", .string(result.title)),
            ("score", .double(result.score)),
            ("snippet", .string(result.snippet.marked(open: "<mark>", close: "</mark>"))),
            ("text", .string(result.snippet.text)),
            ("highlights", .array(result.snippet.highlights.map { .array([.int(Int64($0.lowerBound)), .int(Int64($0.upperBound))]) })),
            ("tags", .array(result.tags.map(JSONValue.string))),
            ("created", .string(result.created.map(Timestamp.format))),
            ("modified", .string(result.modified.map(Timestamp.format))),
            ("created_from", .string(result.createdFrom?.rawValue)),
            ("modified_from", .string(result.modifiedFrom?.rawValue)),
        ])
    }

    /// The final `--json` line.
    /// With corrections, it ends with `"corrected": {"typed": "replacement", …}`.
    static func summary(total: Int, returned: Int, elapsedMilliseconds: Double,
                        corrections: [QueryCorrection] = []) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("type", .string("summary")),
            ("total", .int(Int64(total))),
            ("returned", .int(Int64(returned))),
            ("elapsed_ms", .double((elapsedMilliseconds * 100).rounded() / 100)),
        ]
        if !corrections.isEmpty {
            fields.append(("corrected", .object(corrections.map { ($0.typed, .string($0.replacement)) })))
        }
        return .object(fields)
    }
}
