/// Words of ASCII letters and digits (at most ``PrefixWords/longestWord`` bytes, lower case) numbered from 0,
/// looked up by their bytes in an open-addressing table of packed keys (``PrefixWords/Key``): the phrase heads'
/// build reads every token of every note (``PhrasePairs``), where a `Dictionary` of `String`s costs several
/// times the scan itself.
struct WordTable {
    private var lows: [UInt64]
    private var highs: [UInt64]
    /// Each slot's key length (0: empty).
    private var lengths: [UInt8]
    private var ids: [Int32]
    private let mask: Int
    /// Bit `n` set when some word is `n` bytes long.
    private var lengthBits: UInt32 = 0
    /// Bit `b0 | b1 << 8` set when some word begins with bytes `b0`, `b1` (`b1` 0 for a word of one byte): a
    /// token that is no word is most often ruled out by these two reads, before any hash.
    private var firstTwo = [UInt64](repeating: 0, count: 1024)

    /// The table of `words`, word `i` numbered `i`; a word longer than ``PrefixWords/longestWord`` bytes, or
    /// empty, is never found.
    init(_ words: [String]) {
        var capacity = 16
        while capacity < words.count * 4 { capacity <<= 1 }
        lows = [UInt64](repeating: 0, count: capacity)
        highs = lows
        lengths = [UInt8](repeating: 0, count: capacity)
        ids = [Int32](repeating: -1, count: capacity)
        mask = capacity - 1
        for (index, word) in words.enumerated() {
            guard !word.isEmpty, let key = PrefixWords.Key(word.utf8) else { continue }
            var slot = Self.slot(key.low, key.high, key.length) & mask
            while lengths[slot] != 0 && !(lows[slot] == key.low && highs[slot] == key.high && Int(lengths[slot]) == key.length) {
                slot = (slot + 1) & mask
            }
            (lows[slot], highs[slot], lengths[slot], ids[slot]) = (key.low, key.high, UInt8(key.length), Int32(index))
            lengthBits |= 1 << UInt32(key.length)
            let two = Self.firstTwo(key.low, key.length)
            firstTwo[two >> 6] |= 1 << UInt64(two & 63)
        }
    }

    /// The index of a word's first two bytes in ``firstTwo``.
    @inline(__always)
    private static func firstTwo(_ low: UInt64, _ length: Int) -> Int {
        Int(truncatingIfNeeded: length > 1 ? low & 0xFFFF : low & 0xFF)
    }

    @inline(__always)
    private static func slot(_ low: UInt64, _ high: UInt64, _ length: Int) -> Int {
        var hash = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(length)) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 31
        return Int(truncatingIfNeeded: hash)
    }

    /// The number of the word with these packed bytes, or -1.
    @inline(__always)
    func id(low: UInt64, high: UInt64, length: Int) -> Int32 {
        var slot = Self.slot(low, high, length) & mask
        while lengths[slot] != 0 {
            if lows[slot] == low && highs[slot] == high && Int(lengths[slot]) == length { return ids[slot] }
            slot = (slot + 1) & mask
        }
        return -1
    }

    /// The number of the word `token` is (its bytes as the tokenizer emits them), or -1.
    func id(of token: UnsafeRawBufferPointer) -> Int32 {
        guard !token.isEmpty, token.count <= PrefixWords.longestWord else { return -1 }
        var key = PrefixWords.Key()
        for byte in token { key.append(byte) }
        return id(low: key.low, high: key.high, length: key.length)
    }

    /// The number of the word `text[start..<end]` is, a run of ASCII letters and digits that the tokenizer
    /// folds to lower case (`byte | 0x20`, ``TermTokenizer/scanReadingASCII(_:matcher:)``), or -1.
    @inline(__always)
    func id(ofASCII text: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int32 {
        let length = end - start
        guard length > 0, length <= PrefixWords.longestWord, lengthBits & (1 << UInt32(length)) != 0 else { return -1 }
        let two = Int(text[start] | 0x20) | (length > 1 ? Int(text[start + 1] | 0x20) << 8 : 0)
        guard firstTwo[two >> 6] & (1 << UInt64(two & 63)) != 0 else { return -1 }
        var low: UInt64 = 0, high: UInt64 = 0
        if start + 16 <= text.count {
            // Two loads, the bytes past the token masked off.
            low = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            high = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
            if length < 8 {
                low &= (1 << (8 * UInt64(length))) &- 1
                high = 0
            } else if length < 16 {
                high &= (1 << (8 * UInt64(length - 8))) &- 1
            }
        } else {
            for offset in 0..<length {
                let byte = UInt64(text[start + offset])
                if offset < 8 { low |= byte << (8 * UInt64(offset)) } else { high |= byte << (8 * UInt64(offset - 8)) }
            }
        }
        // Fold: 0x20 in every byte of the token (a digit has it already).
        let fold: UInt64 = 0x2020_2020_2020_2020
        low |= length >= 8 ? fold : fold & ((1 << (8 * UInt64(length))) &- 1)
        if length > 8 { high |= length == 16 ? fold : fold & ((1 << (8 * UInt64(length - 8))) &- 1) }
        return id(low: low, high: high, length: length)
    }
}
