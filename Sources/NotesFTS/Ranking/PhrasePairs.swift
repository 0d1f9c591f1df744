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
    private let phrases: [Int32]
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

    /// Reads one column of a note, `text` as FTS5 reads it from the content table, into `counts` (its column
    /// set by ``PhraseCounts/startColumn(_:)``); `false` when the tokenizer failed.
    ///
    /// With a tokenizer that reads ASCII as plain words (``TermTokenizer/readsASCIIWords``), a run of ASCII
    /// letters and digits is one token, looked up from its bytes, and a run holding a byte beyond ASCII goes
    /// through the tokenizer alone, as ``TermTokenizer/scanReadingASCII(_:matcher:)`` reads a column; any other
    /// tokenizer reads the whole text.
    func read(_ text: UnsafeRawBufferPointer, _ tokenizer: TermTokenizer, into counts: inout PhraseCounts) -> Bool {
        guard tokenizer.readsASCIIWords else {
            return tokenizer.forEachToken(text, from: 0, to: text.count) { token, colocated in
                counts.add(word: table.id(of: token), colocated: colocated, self)
            }
        }
        var index = 0
        while true {
            index = TermTokenizer.runStart(text, from: index)
            guard index < text.count else { return true }
            let (end, isASCII) = TermTokenizer.runEnd(text, from: index)
            if isASCII {
                counts.add(word: table.id(ofASCII: text, from: index, to: end), colocated: false, self)
            } else if !tokenizer.forEachToken(text, from: index, to: end, { token, colocated in
                counts.add(word: table.id(of: token), colocated: colocated, self)
            }) {
                return false
            }
            index = end
        }
    }
}

/// The instances of ``PhrasePairs``' phrases in one note, column by column, as FTS5 counts them: what a
/// phrase's bm25 needs (its weighted frequency per note, ``ColumnCounts/weightedFrequency``).
struct PhraseCounts {
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
    /// The words at the position before the last one and at the last one (-1: none), and any more colocated there.
    private var previous: Int32 = -1
    private var previousMore: [Int32] = []
    private var current: Int32 = -1
    private var currentMore: [Int32] = []

    /// Counts for `phrases` phrases.
    init(phrases: Int) {
        columns = [ColumnCounts](repeating: ColumnCounts(), count: phrases)
        lastStart = [Int](repeating: -1, count: phrases)
    }

    /// Starts column `column` (0 title, 1 body, 2 tags) of the note.
    mutating func startColumn(_ column: Int) {
        self.column = UInt64(column)
        columnStarted = false
        position += 2
        (previous, current) = (-1, -1)
        previousMore.removeAll(keepingCapacity: true)
        currentMore.removeAll(keepingCapacity: true)
    }

    /// One token of the column: `word`, its number in `pairs` (-1: no word of theirs), `colocated` with the
    /// token before (same position) or not.
    @inline(__always)
    mutating func add(word: Int32, colocated: Bool, _ pairs: PhrasePairs) {
        if !colocated || !columnStarted {
            columnStarted = true
            position += 1
            previous = current
            current = word
            if !previousMore.isEmpty || !currentMore.isEmpty {
                swap(&previousMore, &currentMore)
                currentMore.removeAll(keepingCapacity: true)
            }
        } else if word >= 0 {
            if current < 0 { current = word } else if current != word { currentMore.append(word) }
        }
        guard word >= 0 else { return }
        if previous >= 0 { count(pairs.phrase(previous, word)) }
        for first in previousMore { count(pairs.phrase(first, word)) }
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
