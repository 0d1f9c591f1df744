/// Where an org-mode file's blocks are: a `#+BEGIN_NAME` line (any case, indented or not; `#+BEGIN:` for a dynamic
/// block) opens a block only when a matching `#+END_NAME` (`#+END:`) line comes later. Nothing inside one, its
/// delimiters included, is a keyword, heading or property; an unclosed `#+BEGIN_…` is a plain line. Likewise a
/// `:PROPERTIES:` line opens a drawer only when an `:END:` line comes before the next heading (a heading ends a
/// section, and a drawer cannot run past it).
struct OrgModeLayout {
    /// The lines of the file.
    let lines: [Substring]
    /// For each block name (`_src`, `_example`, `:`), the indices of its `#+END…` lines in order.
    private let ends: [String: [Int]]
    /// For each line, whether an `:END:` line comes at or after it before the next heading (one more, `false`, at the end).
    private let endBeforeHeading: [Bool]

    /// The layout of `text`.
    init(_ text: String) {
        var lines: [Substring] = []
        TextNoteReader.forEachLine(text) { lines.append($0); return true }
        var ends: [String: [Int]] = [:]
        for (index, line) in lines.enumerated() {
            if let name = Self.delimiterName(line, "#+end") { ends[name, default: []].append(index) }
        }
        var endBeforeHeading = [Bool](repeating: false, count: lines.count + 1)
        for index in lines.indices.reversed() {
            endBeforeHeading[index] = OrgModeReader.isHeading(lines[index]) ? false
                : lines[index].trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(":END:") == .orderedSame
                    || endBeforeHeading[index + 1]
        }
        self.lines = lines
        self.ends = ends
        self.endBeforeHeading = endBeforeHeading
    }

    /// Whether the `:PROPERTIES:` line at `index` opens a drawer: an `:END:` closes it before the next heading.
    func drawerCloses(opening index: Int) -> Bool {
        endBeforeHeading[index + 1]
    }

    /// The index of the line closing the block that line `index` opens, or `nil` when it opens none.
    func blockEnd(opening index: Int) -> Int? {
        guard let name = Self.delimiterName(lines[index], "#+begin"), let candidates = ends[name] else { return nil }
        var low = 0, high = candidates.count // the first end after `index`
        while low < high {
            let middle = (low + high) / 2
            if candidates[middle] > index { high = middle } else { low = middle + 1 }
        }
        return low < candidates.count ? candidates[low] : nil
    }

    /// The lowercased block name after `keyword` (`#+begin` or `#+end`) at the start of `line`: `_src` for
    /// `#+BEGIN_SRC org`, `:` for a dynamic block's `#+BEGIN: clocktable`; `nil` when the line is no delimiter.
    static func delimiterName(_ line: Substring, _ keyword: String) -> String? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.prefix(keyword.count).lowercased() == keyword else { return nil }
        let name = trimmed.dropFirst(keyword.count).prefix(while: { $0 != " " && $0 != "\t" }).lowercased()
        return name == ":" || (name.count > 1 && name.first == "_") ? name : nil
    }
}
