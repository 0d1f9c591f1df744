import Foundation
import NotesCLI
import NotesFTS

/// Formats results for one output mode.
struct ResultPrinter {
    let mode: OutputMode
    let style: Style
    let nulSeparated: Bool
    let currentDirectory: String
    let output: OutputBuffer

    func displayPath(_ path: String) -> String {
        PathNormalization.display(path, relativeTo: currentDirectory)
    }

    /// Prints `results` in the chosen mode.
    func print(_ results: [SearchResult]) {
        switch mode {
        case .human:
            for result in results {
                var heading = style.path(displayPath(result.path)) + ":" + style.lineNumber(String(result.line))
                heading += "  " + style.title(result.title)
                output.line(heading)
                let snippet = result.snippet.marked(open: style.matchOpen, close: style.matchClose)
                if !snippet.isEmpty { output.line("    " + snippet) }
                output.line("")
            }
        case .paths:
            var seen = Set<String>()
            for result in results where seen.insert(result.path).inserted {
                output.write(displayPath(result.path))
                output.write(nulSeparated ? "\u{0}" : "\n")
            }
        case .json:
            for result in results { output.line(Self.json(result).rendered) }
        case .count:
            break
        }
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
