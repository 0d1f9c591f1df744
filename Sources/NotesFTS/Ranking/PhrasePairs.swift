/// Phrases of two words (``PhraseHead``) and how a note is read for them: which of them each column holds, and
/// how often, as FTS5 counts a phrase's instances (the first word at a position, the second at the next; each
/// position where it starts once, whatever tokens are colocated there; never across two columns).
///
/// The words are numbered (``WordTable``); the phrases are a table over pairs of numbers, either every pair of
/// the words (``init(everyPairOf:)``, to count them all in a sample) or the given ones.
struct PhrasePairs {
    /// The words phrases are made of.
    let words: [String]
    let table: WordTable
    /// Per pair of word numbers `(a, b)`, at `a · words.count + b`, the phrase's number (-1: none).
    let phrases: [Int32]
    /// Each phrase's two word numbers, by its number.
    let pairs: [(Int32, Int32)]

    /// Every pair of `words`, pair `(a, b)` numbered `a · words.count + b`.
    init(everyPairOf words: [String]) {
        self.words = words
        table = WordTable(words)
        let count = words.count
        phrases = (0..<(count * count)).map { Int32($0) }
        pairs = (0..<(count * count)).map { (Int32($0 / count), Int32($0 % count)) }
    }

    /// The phrases `keys` (``PhraseHead/key(_:_:)``), numbered in the order given; a key that is not two words
    /// is left out of the table but keeps its number.
    init(keys: [String]) {
        var words: [String] = []
        var numbers: [String: Int32] = [:]
        func number(_ word: String) -> Int32 {
            if let known = numbers[word] { return known }
            words.append(word)
            numbers[word] = Int32(words.count - 1)
            return Int32(words.count - 1)
        }
        let split = keys.map { key -> (Int32, Int32) in
            guard let (first, second) = PhraseHead.words(of: key) else { return (-1, -1) }
            return (number(first), number(second))
        }
        self.words = words
        table = WordTable(words)
        var phrases = [Int32](repeating: -1, count: words.count * words.count)
        for (index, pair) in split.enumerated() where pair.0 >= 0 {
            phrases[Int(pair.0) * words.count + Int(pair.1)] = Int32(index)
        }
        self.phrases = phrases
        pairs = split
    }

    /// The number of phrases.
    var count: Int { pairs.count }

    /// The key of phrase `phrase`.
    func key(_ phrase: Int) -> String {
        PhraseHead.key(words[Int(pairs[phrase].0)], words[Int(pairs[phrase].1)])
    }

    /// The phrase of words `first` then `second` (both numbers, not -1), or -1.
    @inline(__always)
    func phrase(_ first: Int32, _ second: Int32) -> Int32 {
        phrases[Int(first) * words.count + Int(second)]
    }

    /// Reads one column of a note, `text` as FTS5 reads it from the content table, into `counts` (made for
    /// these phrases, its column set by ``PhraseCounts/startColumn(_:)``); `false` when the tokenizer failed.
    ///
    /// With a tokenizer that reads ASCII as plain words (``TermTokenizer/readsASCIIWords``), the text is read
    /// as ``TermTokenizer/scanReadingASCII(_:matcher:)`` reads it: eight bytes at a time, where runs of ASCII
    /// letters and digits start and end are two masks, and each such run is one token, looked up from its
    /// bytes (``WordTable``); a run holding a byte beyond ASCII goes through the tokenizer alone. Any other
    /// tokenizer reads the whole text. A build reads every note so: at 100,000 notes a loop that found each run
    /// with two searches and passed the tables along for every token cost 3.4 s of CPU.
    func read(_ text: UnsafeRawBufferPointer, _ tokenizer: TermTokenizer, into counts: inout PhraseCounts) -> Bool {
        guard tokenizer.readsASCIIWords else {
            return tokenizer.forEachToken(text, from: 0, to: text.count) { token, colocated in
                counts.add(word: table.id(of: token), colocated: colocated)
            }
        }
        let count = text.count
        // The next byte to read, and where the run being read started (-1 between runs).
        var index = 0, open = -1
        // 0x80 when the byte before `index` is in a run.
        var carry: UInt64 = 0
        while index + 8 <= count {
            let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if word & TermTokenizer.highBits != 0 {
                // A byte beyond ASCII: the run it is in (or the one open), read whole.
                let start = open >= 0 ? open : TermTokenizer.runStart(text, from: index)
                guard start < count else { return true }
                guard let end = readRun(text, from: start, tokenizer, into: &counts) else { return false }
                // Past the run and the byte that cut it (which is in no run).
                (index, open, carry) = (min(end + 1, count), -1, 0)
                continue
            }
            let run = TermTokenizer.runBytes(word)
            let before = run << 8 | carry
            // A run starts at a run byte after one in no run, and ends at the first byte in no run after it.
            var starts = run & ~before
            var ends = ~run & TermTokenizer.highBits & before
            while starts | ends != 0 {
                let start = starts.trailingZeroBitCount, end = ends.trailingZeroBitCount
                if end < start {
                    counts.add(word: table.id(ofASCII: text, from: open, to: index + end >> 3), colocated: false)
                    open = -1
                    ends &= ends &- 1
                } else {
                    open = index + start >> 3
                    starts &= starts &- 1
                }
            }
            carry = run >> 56
            index += 8
        }
        // The last bytes, and a run still open, run by run.
        index = open >= 0 ? open : index
        while true {
            index = TermTokenizer.runStart(text, from: index)
            guard index < count else { return true }
            guard let end = readRun(text, from: index, tokenizer, into: &counts) else { return false }
            index = end
        }
    }

    /// Reads the run that starts at `start`: one token when it is all ASCII, else the tokenizer's tokens of
    /// it; returns where it ends, or `nil` when the tokenizer failed.
    private func readRun(_ text: UnsafeRawBufferPointer, from start: Int, _ tokenizer: TermTokenizer,
                         into counts: inout PhraseCounts) -> Int? {
        let (end, isASCII) = TermTokenizer.runEnd(text, from: start)
        if isASCII {
            counts.add(word: table.id(ofASCII: text, from: start, to: end), colocated: false)
        } else if !tokenizer.forEachToken(text, from: start, to: end, { token, colocated in
            counts.add(word: table.id(of: token), colocated: colocated)
        }) {
            return nil
        }
        return end
    }
}

/// The instances of ``PhrasePairs``' phrases in one note, column by column, as FTS5 counts them: what a
/// phrase's bm25 needs (its weighted frequency per note, ``ColumnCounts/weightedFrequency``).
struct PhraseCounts {
    /// ``PhrasePairs/phrases``: the phrase of each pair of word numbers, `width` words a row.
    private let phrases: [Int32]
    private let width: Int
    /// Per phrase, its instances in each column of the note being read.
    private var columns: [ColumnCounts]
    /// Per phrase, the position its last instance counted started at (an instance is counted once per start).
    private var lastStart: [Int]
    /// The phrases with an instance in the note, in the order found.
    private(set) var found: [Int32] = []
    /// The position of the last token, counted across the notes and columns read (each column starts two
    /// positions on, so that no phrase spans two).
    private var position = 0
    /// Whether the column has a token yet: its first token takes a new position even when marked colocated.
    private var columnStarted = false
    private var column: UInt64 = 0
    /// The words at the position before the last one and at the last one (-1: none), and any more colocated
    /// there (`hasMore` when either holds some: only a tokenizer's colocated tokens put them there).
    private var previous: Int32 = -1
    private var previousMore: [Int32] = []
    private var current: Int32 = -1
    private var currentMore: [Int32] = []
    private var hasMore = false

    /// Counts for the phrases of `pairs`.
    init(_ pairs: PhrasePairs) {
        phrases = pairs.phrases
        width = pairs.words.count
        columns = [ColumnCounts](repeating: ColumnCounts(), count: pairs.count)
        lastStart = [Int](repeating: -1, count: pairs.count)
    }

    /// Starts column `column` (0 title, 1 body, 2 tags) of the note.
    mutating func startColumn(_ column: Int) {
        self.column = UInt64(column)
        columnStarted = false
        position += 2
        (previous, current) = (-1, -1)
        if hasMore {
            previousMore.removeAll(keepingCapacity: true)
            currentMore.removeAll(keepingCapacity: true)
            hasMore = false
        }
    }

    /// One token of the column: `word`, its number in the pairs (-1: no word of theirs), `colocated` with the
    /// token before (same position) or not.
    @inline(__always)
    mutating func add(word: Int32, colocated: Bool) {
        if !colocated || !columnStarted {
            columnStarted = true
            position += 1
            previous = current
            current = word
            if hasMore {
                swap(&previousMore, &currentMore)
                currentMore.removeAll(keepingCapacity: true)
                hasMore = !previousMore.isEmpty
            }
        } else if word >= 0 {
            if current < 0 {
                current = word
            } else if current != word {
                currentMore.append(word)
                hasMore = true
            }
        }
        guard word >= 0 else { return }
        if previous >= 0 { count(phrases[Int(previous) * width + Int(word)]) }
        if hasMore {
            for first in previousMore { count(phrases[Int(first) * width + Int(word)]) }
        }
    }

    @inline(__always)
    private mutating func count(_ phrase: Int32) {
        guard phrase >= 0 else { return }
        let index = Int(phrase)
        guard lastStart[index] != position - 1 else { return }
        lastStart[index] = position - 1
        if columns[index] == ColumnCounts() { found.append(phrase) }
        columns[index].add(column: column)
    }

    /// The weighted frequency of `phrase` in the note (0 unless ``found``).
    func frequency(_ phrase: Int32) -> Double {
        columns[Int(phrase)].weightedFrequency
    }

    /// Forgets the note read, ready for the next.
    mutating func endNote() {
        for phrase in found { columns[Int(phrase)] = ColumnCounts() }
        found.removeAll(keepingCapacity: true)
    }
}
