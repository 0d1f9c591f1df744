/// A tool's man page in roff, built from its `--help` text and option table: the help's first line is the
/// NAME, its `Usage:` line the SYNOPSIS, each option an entry under OPTIONS, and the other paragraphs of the
/// help (a paragraph whose first line ends with `:` starts a section) keep their layout.
struct ManPage {
    /// The program name (`notes-find`).
    let program: String
    /// Its version text, as `--version` prints after the name.
    let version: String
    /// Its `--help` text.
    let help: String
    /// Its options.
    let options: [OptionSpec]

    /// The page, for `man -l` or a `man1` folder.
    func render() -> String {
        let paragraphs = help.split(separator: "\n\n", omittingEmptySubsequences: true).map {
            $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        var name = program
        var synopsis = ""
        var sections: [(title: String, lines: [String])] = [("DESCRIPTION", [])]
        for (number, lines) in paragraphs.enumerated() {
            guard let first = lines.first else { continue }
            if number == 0 && first.hasPrefix(program + ":") {
                name = program + " \\- " + Self.escaped(String(first.dropFirst(program.count + 1)).trimmed)
            } else if first.hasPrefix("Usage:") {
                synopsis = String(first.dropFirst("Usage:".count)).trimmed
            } else if first.hasPrefix("Options:") {
                continue
            } else if first.hasSuffix(":") {
                sections.append((Self.sectionTitle(first), Array(lines.dropFirst())))
            } else if let colon = first.firstIndex(of: ":"), first[..<colon].allSatisfy({ $0.isLetter || $0 == " " }),
                      first.first?.isUppercase == true, first[..<colon].split(separator: " ").count <= 3 {
                let rest = String(first[first.index(after: colon)...]).trimmed
                sections.append((Self.sectionTitle(String(first[...colon])), [rest] + lines.dropFirst()))
            } else {
                if !sections[sections.count - 1].lines.isEmpty { sections[sections.count - 1].lines.append("") }
                sections[sections.count - 1].lines += lines
            }
        }
        var page = [".TH \(program.uppercased()) 1 \"\" \"\(program) \(Self.escaped(version))\" \"User Commands\"",
                    ".SH NAME", name, ".SH SYNOPSIS", ".B \(program)", Self.escaped(synopsis.dropPrefix(program))]
        if let description = sections.first, !description.lines.isEmpty {
            page += [".SH DESCRIPTION"] + Self.preformatted(description.lines)
        }
        page.append(".SH OPTIONS")
        for option in options {
            let names = option.names.map { "\\fB" + Self.escaped($0) + "\\fR" }.joined(separator: ", ")
            page += [".TP", names + (option.valueName.map { " \\fI" + Self.escaped($0) + "\\fR" } ?? ""), Self.escaped(option.help)]
        }
        for section in sections.dropFirst() {
            page.append(".SH " + section.title)
            page += Self.preformatted(section.lines)
        }
        return page.joined(separator: "\n") + "\n"
    }

    /// A section title from a help heading: `Query language (anything …):` → `QUERY LANGUAGE`.
    private static func sectionTitle(_ heading: String) -> String {
        let title = heading.split(separator: "(", maxSplits: 1).first.map(String.init) ?? heading
        return "\"" + escaped(title.trimmed.trimmingSuffix(":").uppercased()) + "\""
    }

    /// Lines kept as they are (`.nf`), indented as in the help.
    private static func preformatted(_ lines: [String]) -> [String] {
        [".nf"] + lines.map { escaped($0) } + [".fi"]
    }

    /// `text` safe in roff: backslashes and hyphens escaped, a leading `.` or `'` neutralised.
    static func escaped(_ text: String) -> String {
        var result = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}

extension String {
    /// Without leading and trailing spaces.
    var trimmed: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// Without `suffix` at the end, if it is there.
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }

    /// Without `prefix` (and the spaces after it) at the start, if it is there.
    func dropPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)).trimmed : self }
}
