import CSQLite

/// The state of one xTokenize call: receives `unicode61`'s tokens and emits the CJK tokenizer's.
final class TokenizeCall {
    let instance: TokenizerInstance
    let text: UnsafePointer<CChar>
    let bytes: UnsafePointer<UInt8>
    let context: UnsafeMutableRawPointer?
    let output: TokenCallback
    let isQuery: Bool
    let flags: Int32
    /// Byte offsets of each character of the CJK run not yet emitted (query mode keeps one run pending until
    /// it knows whether another token follows it).
    private var runStarts: [Int32] = []
    private var runEnds: [Int32] = []
    /// Where the slice being re-tokenized starts in `text`.
    private var sliceBase: Int32 = 0
    private var result: Int32 = SQLITE_OK

    init(instance: TokenizerInstance, text: UnsafePointer<CChar>, context: UnsafeMutableRawPointer?,
         output: @escaping TokenCallback, isQuery: Bool, flags: Int32) {
        self.instance = instance
        self.text = text
        self.bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        self.context = context
        self.output = output
        self.isQuery = isQuery
        self.flags = flags
    }

    /// One `unicode61` token covering `text[start..<end]`.
    func receive(flags tokenFlags: Int32, token: UnsafePointer<CChar>?, length: Int32, start: Int32, end: Int32) -> Int32 {
        // Fast path: every CJK character starts with a byte of at least 0xE1 (U+1100 is E1 84 80).
        var mayHoldCJK = false
        for offset in Int(start)..<Int(end) where bytes[offset] >= 0xE1 {
            mayHoldCJK = true
            break
        }
        if !mayHoldCJK {
            flushRun(followed: true)
            if result == SQLITE_OK { result = output(context, tokenFlags, token, length, start, end) }
            return result
        }
        var offset = start
        var segmentStart = start
        var segmentIsCJK: Bool?
        while offset < end && result == SQLITE_OK {
            let (codePoint, width) = decode(at: offset, end: end)
            let isCJK = CJKScript.contains(codePoint: codePoint)
            if let current = segmentIsCJK, current != isCJK {
                if !current { reTokenize(from: segmentStart, to: offset) }
                segmentStart = offset
            }
            if isCJK {
                if segmentIsCJK != true { flushRun(followed: true) }
                runStarts.append(offset)
                runEnds.append(offset + width)
            }
            segmentIsCJK = isCJK
            offset += width
        }
        if segmentIsCJK == false && result == SQLITE_OK { reTokenize(from: segmentStart, to: end) }
        // A run at the end of a unicode61 token ends there: a separator or the end of the text follows.
        if !isQuery { flushRun(followed: true) }
        return result
    }

    /// Called after `unicode61` is done: emits a pending query run (nothing follows it).
    func finish() -> Int32 {
        flushRun(followed: false)
        return result
    }

    /// Emits the pending CJK run: its bigrams, then its last character when it stands alone or when
    /// `followed` (always in documents; in queries only when another token comes after it).
    private func flushRun(followed: Bool) {
        let count = runStarts.count
        guard count > 0 else { return }
        defer {
            runStarts.removeAll(keepingCapacity: true)
            runEnds.removeAll(keepingCapacity: true)
        }
        guard result == SQLITE_OK else { return }
        if count > 1 {
            for index in 0..<(count - 1) {
                emit(start: runStarts[index], end: runEnds[index + 1])
                if result != SQLITE_OK { return }
            }
        }
        if count == 1 || followed || !isQuery {
            emit(start: runStarts[count - 1], end: runEnds[count - 1])
        }
    }

    private func emit(start: Int32, end: Int32) {
        result = output(context, 0, text + Int(start), end - start, start, end)
    }

    /// Runs the second `unicode61` over `text[start..<end]` and forwards its tokens, offsets shifted.
    private func reTokenize(from start: Int32, to end: Int32) {
        guard result == SQLITE_OK, let baseTokenize = instance.base.xTokenize else { return }
        flushRun(followed: true)
        sliceBase = start
        let code = baseTokenize(instance.secondary, Unmanaged.passUnretained(self).toOpaque(), flags,
                                text + Int(start), end - start) { context, tokenFlags, token, length, start, end in
            let call = Unmanaged<TokenizeCall>.fromOpaque(context!).takeUnretainedValue()
            call.result = call.output(call.context, tokenFlags, token, length, start + call.sliceBase, end + call.sliceBase)
            return call.result
        }
        if result == SQLITE_OK { result = code }
    }

    /// Decodes the UTF-8 character at `offset` (FTS5 hands over valid UTF-8; a stray byte counts as one).
    private func decode(at offset: Int32, end: Int32) -> (UInt32, Int32) {
        let lead = UInt32(bytes[Int(offset)])
        let width: Int32
        var value: UInt32
        switch lead {
        case 0..<0x80: return (lead, 1)
        case 0xC0..<0xE0: width = 2; value = lead & 0x1F
        case 0xE0..<0xF0: width = 3; value = lead & 0x0F
        case 0xF0..<0xF8: width = 4; value = lead & 0x07
        default: return (lead, 1)
        }
        guard offset + width <= end else { return (lead, 1) }
        for index in 1..<Int(width) {
            value = (value << 6) | (UInt32(bytes[Int(offset) + index]) & 0x3F)
        }
        return (value, width)
    }
}
