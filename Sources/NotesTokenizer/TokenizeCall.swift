import CSQLite

/// The state of one xTokenize call: receives `unicode61`'s tokens and emits the CJK tokenizer's.
///
/// It lives on the stack of ``CJKTokenizer``'s xTokenize and is reached from the C callbacks through an
/// `UnsafeMutablePointer` (the callback context), never as a class instance: this is the per-token hot path
/// of every build and every `snippet()`, and a class here cost a retain/release pair and dynamic exclusivity
/// checks on every token. The functions are static and take the pointer, and every field is read or written
/// in its own short access, so the nested callback of ``reTokenize(_:from:to:)`` never overlaps an access of
/// its caller.
struct TokenizeCall {
    let base: fts5_tokenizer
    let secondary: OpaquePointer
    let text: UnsafePointer<CChar>
    let bytes: UnsafePointer<UInt8>
    let context: UnsafeMutableRawPointer?
    let output: TokenCallback
    let isQuery: Bool
    let flags: Int32
    /// Byte offsets of each character of the CJK run not yet emitted (query mode keeps one run pending until
    /// it knows whether another token follows it).
    var runStarts: [Int32] = []
    var runEnds: [Int32] = []
    /// Where the slice being re-tokenized starts in `text`.
    var sliceBase: Int32 = 0
    var result: Int32 = SQLITE_OK

    init(instance: TokenizerInstance, text: UnsafePointer<CChar>, context: UnsafeMutableRawPointer?,
         output: @escaping TokenCallback, isQuery: Bool, flags: Int32) {
        self.base = instance.base
        self.secondary = instance.secondary
        self.text = text
        self.bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        self.context = context
        self.output = output
        self.isQuery = isQuery
        self.flags = flags
    }

    /// One `unicode61` token covering `text[start..<end]`.
    static func receive(_ call: UnsafeMutablePointer<TokenizeCall>, flags tokenFlags: Int32, token: UnsafePointer<CChar>?,
                        length: Int32, start: Int32, end: Int32) -> Int32 {
        // Fast path: every CJK character starts with a byte of at least 0xE1 (U+1100 is E1 84 80).
        let bytes = call.pointee.bytes
        var offset = Int(start)
        let stop = Int(end)
        while offset < stop && bytes[offset] < 0xE1 { offset += 1 }
        if offset == stop {
            if !call.pointee.runStarts.isEmpty { flushRun(call, followed: true) }
            guard call.pointee.result == SQLITE_OK else { return call.pointee.result }
            let result = call.pointee.output(call.pointee.context, tokenFlags, token, length, start, end)
            call.pointee.result = result
            return result
        }
        return receiveMixed(call, start: start, end: end)
    }

    /// The slow path of ``receive(_:flags:token:length:start:end:)``: a token that may hold CJK characters.
    private static func receiveMixed(_ call: UnsafeMutablePointer<TokenizeCall>, start: Int32, end: Int32) -> Int32 {
        var offset = start
        var segmentStart = start
        var segmentIsCJK: Bool?
        while offset < end && call.pointee.result == SQLITE_OK {
            let (codePoint, width) = decode(call.pointee.bytes, at: offset, end: end)
            let isCJK = CJKScript.contains(codePoint: codePoint)
            if let current = segmentIsCJK, current != isCJK {
                if !current { reTokenize(call, from: segmentStart, to: offset) }
                segmentStart = offset
            }
            if isCJK {
                if segmentIsCJK != true { flushRun(call, followed: true) }
                call.pointee.runStarts.append(offset)
                call.pointee.runEnds.append(offset + width)
            }
            segmentIsCJK = isCJK
            offset += width
        }
        if segmentIsCJK == false && call.pointee.result == SQLITE_OK { reTokenize(call, from: segmentStart, to: end) }
        // A run at the end of a unicode61 token ends there: a separator or the end of the text follows.
        if !call.pointee.isQuery { flushRun(call, followed: true) }
        return call.pointee.result
    }

    /// Called after `unicode61` is done: emits a pending query run (nothing follows it).
    static func finish(_ call: UnsafeMutablePointer<TokenizeCall>) -> Int32 {
        flushRun(call, followed: false)
        return call.pointee.result
    }

    /// Emits the pending CJK run: its bigrams, then its last character when it stands alone or when
    /// `followed` (always in documents; in queries only when another token comes after it).
    private static func flushRun(_ call: UnsafeMutablePointer<TokenizeCall>, followed: Bool) {
        let count = call.pointee.runStarts.count
        guard count > 0 else { return }
        defer {
            call.pointee.runStarts.removeAll(keepingCapacity: true)
            call.pointee.runEnds.removeAll(keepingCapacity: true)
        }
        guard call.pointee.result == SQLITE_OK else { return }
        if count > 1 {
            for index in 0..<(count - 1) {
                emit(call, start: call.pointee.runStarts[index], end: call.pointee.runEnds[index + 1])
                if call.pointee.result != SQLITE_OK { return }
            }
        }
        if count == 1 || followed || !call.pointee.isQuery {
            emit(call, start: call.pointee.runStarts[count - 1], end: call.pointee.runEnds[count - 1])
        }
    }

    private static func emit(_ call: UnsafeMutablePointer<TokenizeCall>, start: Int32, end: Int32) {
        let result = call.pointee.output(call.pointee.context, 0, call.pointee.text + Int(start), end - start, start, end)
        call.pointee.result = result
    }

    /// Runs the second `unicode61` over `text[start..<end]` and forwards its tokens, offsets shifted.
    private static func reTokenize(_ call: UnsafeMutablePointer<TokenizeCall>, from start: Int32, to end: Int32) {
        guard call.pointee.result == SQLITE_OK, let baseTokenize = call.pointee.base.xTokenize else { return }
        flushRun(call, followed: true)
        call.pointee.sliceBase = start
        let code = baseTokenize(call.pointee.secondary, UnsafeMutableRawPointer(call), call.pointee.flags,
                                call.pointee.text + Int(start), end - start) { context, tokenFlags, token, length, start, end in
            guard let context else { return SQLITE_MISUSE }
            let call = context.assumingMemoryBound(to: TokenizeCall.self)
            let base = call.pointee.sliceBase
            let result = call.pointee.output(call.pointee.context, tokenFlags, token, length, start + base, end + base)
            call.pointee.result = result
            return result
        }
        if call.pointee.result == SQLITE_OK { call.pointee.result = code }
    }

    /// Decodes the UTF-8 character at `offset` (FTS5 hands over valid UTF-8; a stray byte counts as one).
    private static func decode(_ bytes: UnsafePointer<UInt8>, at offset: Int32, end: Int32) -> (UInt32, Int32) {
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
