/// Where an org-mode file's blocks are: a `#+BEGIN_NAME` line (any case, indented or not; `#+BEGIN:` for a dynamic
/// block) opens a block only when a matching `#+END_NAME` (`#+END:`) line comes later. Nothing inside one, its
/// delimiters included, is a keyword, heading or property; an unclosed `#+BEGIN_…` is a plain line.
struct OrgModeLayout {
    /// The lines of the file.
    let lines: [Substring]
    /// For each block name (`_src`, `_example`, `:`), the indices of its `#+END…` lines in order.
    private let ends: [String: [Int]]

    /// The layout of `text`.
    init(_ text: String) {
        var lines: [Substring] = []
        TextNoteReader.forEachLine(text) { lines.append($0); return true }
        var ends: [String: [Int]] = [:]
        for (index, line) in lines.enumerated() {
            if let name = Self.delimiterName(line, "#+end") { ends[name, default: []].append(index) }
        }
        self.lines = lines
        self.ends = ends
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
