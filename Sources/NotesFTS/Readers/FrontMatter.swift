/// The YAML front matter at the top of a Markdown note, read for the few keys notes use.
///
/// Understands `key: value` with plain, quoted (``YAMLScalar``) and block (`|`, `>`) scalars, comments, flow
/// sequences (`tags: [a, "b, c"]`) and block sequences (`- a` lines under a key); everything else in the block
/// (nested mappings, anchors, tags) is skipped. A small YAML subset, not a YAML parser.
struct FrontMatter: Equatable {
    /// Keys (lowercased) to their scalar value.
    var values: [String: String] = [:]
    /// Keys (lowercased) to their list value.
    var lists: [String: [String]] = [:]
    /// How many lines the block took, fences included (0 when there is none).
    var lineCount = 0

    /// Splits `text` into its front matter and the rest; a text without a `---` first line has none. `text`
    /// has LF line endings (``TextNoteReader`` turns CRLF and CR into LF first).
    static func split(_ text: String) -> (FrontMatter, body: Substring) {
        guard text.hasPrefix("---\n") else { return (FrontMatter(), Substring(text)) }
        // Walk the lines by bytes (LF, CRLF or CR) and return the body as a slice, not a re-joined copy.
        var matter = FrontMatter()
        var consumed = 1
        var pending: Pending?
        let whole = Substring(text)
        let bytes = whole.utf8
        var next = TextNoteReader.lineEnd(bytes, from: bytes.startIndex).next
        while let start = next {
            let line = TextNoteReader.lineEnd(bytes, from: start)
            consumed += 1
            if matter.read(whole[start..<line.end], pending: &pending) {
                matter.lineCount = consumed
                return (matter, whole[(line.next ?? bytes.endIndex)...])
            }
            next = line.next
        }
        // No closing fence: not front matter after all.
        return (FrontMatter(), whole)
    }

    /// Reads one line of the block into `self`; returns `true` when the line is the closing fence.
    private mutating func read(_ line: Substring, pending: inout Pending?) -> Bool {
        let trimmed = YAMLScalar.trim(line)
        let indented = line.first == " " || line.first == "\t"
        // The value is taken out of `pending` while a line is added to it, so its lines are appended in place
        // (copied, with `pending` still holding them, every line cost the whole value: quadratic time).
        if var open = pending {
            pending = nil
            if continues(&open, line: line, trimmed: trimmed, indented: indented, pending: &pending) { return false }
            pending = open
        }
        if trimmed == "---" || trimmed == "..." {
            if let open = pending { finish(open) }
            return true
        }
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return false }
        if let open = pending { finish(open) }
        pending = nil
        guard let colon = line.firstIndex(of: ":"), !indented else { return false }
        let key = (YAMLScalar.value(line[..<colon]) ?? "").lowercased()
        let value = YAMLScalar.trim(line[line.index(after: colon)...])
        switch value.first {
        case nil, "#": pending = .key(key)
        case "|", ">": pending = .block(key, YAMLBlockScalar(header: value))
        case "[":
            let (items, closed) = YAMLScalar.flowSequence(value)
            if closed { lists[key] = items } else { pending = .flow(key, [value], reads: 1) }
        case "\"", "'":
            if YAMLScalar.quoted(value) == nil { pending = .quoted(key, [value]) } else { values[key] = YAMLScalar.value(value) }
        default:
            values[key] = YAMLScalar.value(value)
            pending = .plain(key)
        }
        return false
    }

    /// Whether `line` goes on the value `open` left unfinished (and takes it in, updating `pending`).
    /// `open` is left as it was when the line does not go on it; otherwise its payload is moved out.
    private mutating func continues(_ open: inout Pending, line: Substring, trimmed: Substring, indented: Bool,
                                    pending: inout Pending?) -> Bool {
        switch open {
        case .block(let key, var block):
            guard indented || trimmed.isEmpty else { return false }
            open = .key(key)
            block.lines.append(line)
            pending = .block(key, block)
        case .flow(let key, var lines, let reads):
            guard trimmed != "---", trimmed != "..." else { return false }
            open = .key(key)
            lines.append(line)
            // Only a line with a `]` can close it, so only then is the whole read again, and at most
            // ``flowReadLimit`` times: reading it again at every line made a `[` left open cost time growing
            // with the square of the lines after it (40 s for a 224 KB note).
            guard line.contains("]") else {
                pending = .flow(key, lines, reads: reads)
                return true
            }
            let (items, closed) = YAMLScalar.flowSequence(Substring(lines.joined(separator: "\n")))
            if closed || reads + 1 >= Self.flowReadLimit {
                lists[key] = items
                pending = nil
            } else {
                pending = .flow(key, lines, reads: reads + 1)
            }
        case .quoted(let key, var lines):
            // A quoted scalar goes on until its closing quote; its line breaks fold to spaces (YAML folding).
            guard trimmed != "---", trimmed != "..." else { return false }
            open = .key(key)
            lines.append(trimmed)
            if let quote = lines[0].first, trimmed.contains(quote), let (value, _) = YAMLScalar.quoted(Substring(lines.joined(separator: " "))) {
                values[key] = value
                pending = nil
            } else if lines.count >= Self.quotedLineLimit {
                finish(.quoted(key, lines))
                pending = nil
            } else {
                pending = .quoted(key, lines)
            }
        case .plain(let key):
            // A plain scalar folded over indented lines (`title: A long` / `  title`).
            pending = open
            guard indented, !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return trimmed.isEmpty }
            if let more = YAMLScalar.value(trimmed) {
                // Appended in place (a new string each line made long folded values quadratic).
                if values[key] == nil { values[key] = more } else { values[key]!.append(" " + more) }
            }
        case .key(let key):
            pending = open
            if trimmed == "-" || trimmed.hasPrefix("- ") {
                if let item = YAMLScalar.value(trimmed.dropFirst()) { lists[key, default: []].append(item) }
            } else if indented, !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.contains(": "), !trimmed.hasSuffix(":") {
                // `title:` then the value on an indented line of its own.
                values[key] = YAMLScalar.value(trimmed)
                pending = .plain(key)
            } else {
                return indented || trimmed.isEmpty // a nested mapping's lines are skipped
            }
        }
        return true
    }

    /// Stores the value `open` was collecting, once its last line has been read.
    private mutating func finish(_ open: Pending) {
        switch open {
        case .block(let key, let block): values[key] = block.value
        case .flow(let key, let lines, _): lists[key] = YAMLScalar.flowSequence(Substring(lines.joined(separator: "\n"))).items
        case .quoted(let key, let lines): values[key] = lines.first.flatMap { YAMLScalar.value($0) }
        case .plain, .key: break
        }
    }

    /// The first of `keys` that has a scalar value, trimmed (a block scalar's final line break included).
    func value(_ keys: String...) -> String? {
        keys.lazy.compactMap { self.values[$0].map { String(YAMLScalar.trim(Substring($0))) } }.first { !$0.isEmpty }
    }

    /// The `title`, on one line (the lines of a `|` block joined by spaces), capped as first-line titles are.
    var title: String? {
        value("title").map { TextNoteReader.cap($0.split(whereSeparator: \.isNewline).map { String(YAMLScalar.trim($0)) }.joined(separator: " ")) }
    }

    /// The tags under `tags`, `tag` or `keywords`, as a list or a comma/space separated value.
    var tags: [String] {
        for key in ["tags", "tag", "keywords"] {
            if let list = lists[key] { return list }
            if let value = values[key] {
                return value.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
            }
        }
        return []
    }

    /// Obsidian's `aliases` (or `alias`), as a list or a comma-separated value.
    var aliases: [String] {
        for key in ["aliases", "alias"] {
            if let list = lists[key] { return list.filter { !$0.isEmpty } }
            if let value = values[key] {
                return value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
        }
        return []
    }
}

import Foundation

extension FrontMatter {
    /// The most lines a quoted scalar may span; one left open ends after them (read as its first line).
    static let quotedLineLimit = 20
    /// The most times a flow sequence (`[a, b]`) left open is read again, at its lines holding a `]` (a `]`
    /// inside quotes does not close it); after that it ends with the items read so far.
    static let flowReadLimit = 64

    /// A value whose lines are still being read.
    fileprivate enum Pending {
        /// `key:` with nothing after it: a block sequence, an indented value or a nested mapping may follow.
        case key(String)
        /// A plain scalar that indented lines may continue.
        case plain(String)
        /// A `|` or `>` block scalar.
        case block(String, YAMLBlockScalar)
        /// A quoted scalar whose closing quote is on a later line, and its lines so far (trimmed after the first).
        case quoted(String, [Substring])
        /// A flow sequence whose `]` is on a later line, its lines so far, and how many times it was read.
        case flow(String, [Substring], reads: Int)
    }
}
