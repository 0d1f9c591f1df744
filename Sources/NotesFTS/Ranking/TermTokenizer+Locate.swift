import CSQLite
import NotesTokenizer

extension TermTokenizer {
    /// About how many positions lie between two restarts a scan that does not keep offsets notes
    /// (``PhraseScan/restarts``): a snippet's window is read again from the one before it.
    static let restartSpacing = 16

    /// The instances of `phrases` in `text` (a column's bytes, as FTS5 reads them from the content table),
    /// numbered as FTS5 numbers them; `nil` when the tokenizer failed. A tokenizer that reads ASCII as plain
    /// words (``locateReadingASCII(_:matcher:)``) gives them without the offsets of every token: what a
    /// snippet needs before it knows its window. ``feedWindow(_:of:into:)`` then reads the window's tokens.
    func locate(_ text: UnsafeRawBufferPointer, phrases: QueryPhrases) -> PhraseScan? {
        readsASCIIWords ? locateReadingASCII(text, matcher: phrases.matcher)
            : tokenizerScan(text, matcher: phrases.matcher)
    }

    /// ``scanReadingASCII(_:matcher:)`` counting the positions of the tokens no test can match instead of
    /// recording them: the same instances (by position, then phrase), the same number of positions, and
    /// ``PhraseScan/restarts`` about every ``restartSpacing`` positions, without ``PhraseScan/tokens``.
    ///
    /// In a word of eight ASCII bytes, the runs that start there (tokens) are counted from their mask; only a
    /// run whose first byte may begin a test (``PhraseMatcher/startLanes(_:)``) is read, whole, from its
    /// start. A run holding a byte beyond ASCII is read whole through the tokenizer, as by
    /// ``scanReadingASCII(_:matcher:)``, whatever its first byte: the tokenizer may cut it anywhere. A run is
    /// counted where it starts, so one still open where such a byte is found is taken back and read again.
    func locateReadingASCII(_ text: UnsafeRawBufferPointer, matcher: PhraseMatcher) -> PhraseScan? {
        var scan = PhraseScan(matcher: matcher, keepsOffsets: false)
        let count = text.count
        // The next byte to read; 0x80 in `carry` when the byte before it is in a run, already counted.
        var index = 0, carry: UInt64 = 0
        var nextRestart = Self.restartSpacing
        words: while index + 8 <= count {
            let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if word & Self.highBits != 0 {
                // A run open here was counted where it started, as a token no test matches (a run that may
                // match is read whole where it starts): it is taken back and read again, whole.
                let start = carry != 0 ? Self.openRunStart(text, before: index) : Self.runStart(text, from: index)
                if carry != 0 { scan.skip(-1) }
                guard start < count else { return scan }
                guard let end = readRun(text, from: start, into: &scan) else { return nil }
                (index, carry) = (min(end + 1, count), 0)
                continue
            }
            if carry == 0 && scan.count >= nextRestart {
                scan.markRestart(at: index)
                nextRestart = scan.count + Self.restartSpacing
            }
            let run = Self.runBytes(word)
            var starts = run & ~(run << 8 | carry)
            var candidates = starts & matcher.startLanes(word)
            while candidates != 0 {
                let bit = candidates.trailingZeroBitCount
                let below = (UInt64(1) << UInt64(bit)) &- 1
                // The tokens that start before this one, then this one (the lowest start left).
                scan.skip(Self.startCount(starts & below))
                starts &= ~below
                starts &= starts &- 1
                candidates &= candidates &- 1
                let start = index + bit >> 3
                let (end, isASCII) = Self.runEnd(text, from: start)
                if isASCII {
                    scan.addASCII(text, start: start, end: end)
                } else if !feed(text, from: start, to: end, into: &scan) {
                    return nil
                }
                if !isASCII || end >= index + 8 {
                    // The run reaches past this word: the next read starts at the byte that ends it (in no run).
                    (index, carry) = (end, 0)
                    continue words
                }
            }
            scan.skip(Self.startCount(starts))
            carry = run >> 56
            index += 8
        }
        // The last bytes, run by run, from the start of a run still open (taken back: it is read again).
        if carry != 0 {
            index = Self.openRunStart(text, before: index)
            scan.skip(-1)
        }
        return readRuns(text, from: index, into: &scan) ? scan : nil
    }

    /// Feeds `span` the tokens of its window from `text`, which `scan` (made by ``locate(_:phrases:)``)
    /// located: read again from the last restart at or before the window, run by run as
    /// ``scanReadingASCII(_:matcher:)`` reads them, until the span has its window; every token of the text
    /// when `scan` kept their offsets. Returns an SQLite result code, as ``ColumnSnippet`` expects of a feed.
    func feedWindow(_ text: UnsafeRawBufferPointer, of scan: PhraseScan, into span: inout SnippetSpan) -> Int32 {
        guard !scan.keepsOffsets else { return ColumnSnippet.feeding(tokens: scan.tokens)(&span) }
        let restarts = scan.restarts
        var first = 0
        while first + 1 < restarts.count && restarts[first + 1].position <= span.window.lowerBound { first += 1 }
        span.skipTokens(to: restarts[first].position)
        // The runs the tokenizer reads (a byte beyond ASCII) go through one scan, made at the first, that counts
        // every position, so that a token it marks colocated takes the position it takes in the whole text.
        var runs: PhraseScan?
        var position = restarts[first].position, index = restarts[first].offset
        while true {
            index = Self.runStart(text, from: index)
            guard index < text.count else { break }
            let (end, isASCII) = Self.runEnd(text, from: index)
            if isASCII {
                position += 1
                if !span.add(start: index, end: end) { break }
            } else {
                if runs == nil { runs = PhraseScan(matcher: scan.matcher) }
                runs!.skip(position - runs!.count)
                let fed = runs!.tokens.count
                guard feed(text, from: index, to: end, into: &runs!) else { return SQLITE_ERROR }
                position = runs!.count
                for token in runs!.tokens[fed...] where !span.add(start: Int(token.start), end: Int(token.end)) {
                    return SQLITE_OK
                }
            }
            index = end
        }
        return SQLITE_OK
    }

    /// The number of high bits set in `starts`, which has no other bit set (``runBytes(_:)``' lanes): each
    /// lane's bit moved to the lane's low bit, and the lanes summed into the top byte by one multiplication
    /// (at most eight, no carry between lanes). The baseline x86-64 has no population count instruction.
    @inline(__always)
    static func startCount(_ starts: UInt64) -> Int {
        Int(((starts >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }

    /// Where the run of ASCII letters and digits that holds the byte before `index` starts.
    private static func openRunStart(_ text: UnsafeRawBufferPointer, before index: Int) -> Int {
        var start = index
        while start > 0 && isWordByte(text[start - 1]) { start -= 1 }
        return start
    }
}
