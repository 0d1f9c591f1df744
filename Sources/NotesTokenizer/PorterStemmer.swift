/// Martin Porter's English stemmer (1980, with the published `logi`/`bli` revisions): `meetings`, `meeting`
/// → `meet`; `recipes`, `recipe` → `recip`; `benchmarking` → `benchmark`.
///
/// It only reads lower-case ASCII words (what the tokenizer leaves of Latin-script text after case and accent
/// folding); any other input, and words of one or two letters, come back unchanged. No Foundation, so the
/// tokenizer's loadable extension can use it too.
///
/// ```swift
/// PorterStemmer.stem("meetings") // "meet"
/// ```
public enum PorterStemmer {
    /// The stem of `word`, or `word` itself when it is not a lower-case ASCII word of three letters or more.
    public static func stem(_ word: String) -> String {
        let bytes = Array(word.utf8)
        guard bytes.count > 2, bytes.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return word }
        var stemmer = Stemming(bytes)
        stemmer.step1ab()
        stemmer.step1c()
        stemmer.step2()
        stemmer.step3()
        stemmer.step4()
        stemmer.step5()
        return String(decoding: stemmer.bytes[0...stemmer.k], as: UTF8.self)
    }

    /// The stem after Porter's step 1 only: plurals, `-ed`, `-ing` and a final `y` (`meetings`, `meeting` →
    /// `meet`; `recipes` → `recipe`; `studies`, `study` → `studi`). These are a word's inflections; the later
    /// steps strip derivational suffixes and would join `general` with `generate`.
    public static func inflectionStem(_ word: String) -> String {
        let bytes = Array(word.utf8)
        guard bytes.count > 2, bytes.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return word }
        var stemmer = Stemming(bytes)
        stemmer.step1ab()
        stemmer.step1c()
        return String(decoding: stemmer.bytes[0...stemmer.k], as: UTF8.self)
    }
}

/// The state of one stemming: the word, `k` the index of its last letter, `j` the end of the stem while a
/// suffix is being tested. Names follow Porter's reference implementation.
private struct Stemming {
    var bytes: [UInt8]
    var k: Int
    var j = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        k = bytes.count - 1
    }

    private static func byte(_ character: Unicode.Scalar) -> UInt8 { UInt8(character.value) }

    /// Whether the letter at `i` is a consonant (`y` is one at the start or after a vowel).
    func isConsonant(_ i: Int) -> Bool {
        switch bytes[i] {
        case Self.byte("a"), Self.byte("e"), Self.byte("i"), Self.byte("o"), Self.byte("u"): return false
        case Self.byte("y"): return i == 0 ? true : !isConsonant(i - 1)
        default: return true
        }
    }

    /// The number of vowel-consonant sequences in `bytes[0...j]`.
    func measure() -> Int {
        var n = 0
        var i = 0
        while true {
            if i > j { return n }
            if !isConsonant(i) { break }
            i += 1
        }
        i += 1
        while true {
            while true {
                if i > j { return n }
                if isConsonant(i) { break }
                i += 1
            }
            i += 1
            n += 1
            while true {
                if i > j { return n }
                if !isConsonant(i) { break }
                i += 1
            }
            i += 1
        }
    }

    func vowelInStem() -> Bool { j >= 0 && (0...j).contains { !isConsonant($0) } }

    func isDoubleConsonant(_ i: Int) -> Bool { i >= 1 && bytes[i] == bytes[i - 1] && isConsonant(i) }

    /// consonant-vowel-consonant ending at `i`, the last not `w`, `x` or `y` (`hop`, not `snow`).
    func isCVC(_ i: Int) -> Bool {
        guard i >= 2, isConsonant(i), !isConsonant(i - 1), isConsonant(i - 2) else { return false }
        return ![Self.byte("w"), Self.byte("x"), Self.byte("y")].contains(bytes[i])
    }

    /// Whether `bytes[0...k]` ends with `suffix`; sets `j` to the end of what precedes it.
    mutating func ends(_ suffix: String) -> Bool {
        let tail = Array(suffix.utf8)
        guard tail.count <= k + 1, bytes[(k + 1 - tail.count)...k].elementsEqual(tail) else { return false }
        j = k - tail.count
        return true
    }

    /// Replaces what follows `j` with `replacement`.
    mutating func setTo(_ replacement: String) {
        let tail = Array(replacement.utf8)
        bytes.replaceSubrange((j + 1)..<(k + 1), with: tail)
        k = j + tail.count
    }

    mutating func replaceIfMeasured(_ replacement: String) { if measure() > 0 { setTo(replacement) } }

    /// Plurals and -ed or -ing: caresses → caress, ponies → poni, meetings → meet, hopping → hop.
    mutating func step1ab() {
        if bytes[k] == Self.byte("s") {
            if ends("sses") { k -= 2 } else if ends("ies") { setTo("i") } else if k >= 1 && bytes[k - 1] != Self.byte("s") { k -= 1 }
        }
        if ends("eed") {
            if measure() > 0 { k -= 1 }
        } else if (ends("ed") || ends("ing")) && vowelInStem() {
            k = j
            if ends("at") { setTo("ate") } else if ends("bl") { setTo("ble") } else if ends("iz") { setTo("ize") } else if isDoubleConsonant(k) {
                if ![Self.byte("l"), Self.byte("s"), Self.byte("z")].contains(bytes[k]) { k -= 1 }
            } else {
                j = k
                if measure() == 1 && isCVC(k) { setTo("e") }
            }
        }
    }

    /// A final `y` after a vowel-holding stem becomes `i` (happy → happi).
    mutating func step1c() {
        if ends("y") && vowelInStem() { bytes[k] = Self.byte("i") }
    }

    private static let step2Rules: [(String, String)] = [
        ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("izer", "ize"), ("bli", "ble"),
        ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous"), ("ization", "ize"), ("ation", "ate"),
        ("ator", "ate"), ("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous"), ("aliti", "al"),
        ("iviti", "ive"), ("biliti", "ble"), ("logi", "log"),
    ]
    private static let step3Rules: [(String, String)] = [
        ("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"), ("ful", ""), ("ness", ""),
    ]
    private static let step4Suffixes = [
        "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou", "ism", "ate",
        "iti", "ous", "ive", "ize",
    ]

    /// Double suffixes to single ones when the stem is measured (relational → relate).
    mutating func step2() { applyFirst(Self.step2Rules) }

    /// -ic-, -full, -ness (hopeful → hope, goodness → good).
    mutating func step3() { applyFirst(Self.step3Rules) }

    private mutating func applyFirst(_ rules: [(String, String)]) {
        guard k >= 1 else { return }
        for (suffix, replacement) in rules where ends(suffix) {
            replaceIfMeasured(replacement)
            return
        }
    }

    /// Drops -ant, -ence, -ion… when the stem keeps a measure above 1 (adjustment → adjust).
    mutating func step4() {
        guard k >= 1 else { return }
        // Longest match first: `ement` before `ment` before `ent` (the list keeps that order).
        guard let suffix = Self.step4Suffixes.first(where: { ends($0) }) else { return }
        _ = ends(suffix)
        if suffix == "ion" && !(j >= 0 && [Self.byte("s"), Self.byte("t")].contains(bytes[j])) { return }
        if measure() > 1 { k = j }
    }

    /// A final -e and a double -ll when the stem is long enough (probate → probat, controll → control).
    mutating func step5() {
        j = k
        if bytes[k] == Self.byte("e") {
            let m = measure()
            if m > 1 || (m == 1 && !isCVC(k - 1)) { k -= 1 }
        }
        // As in the reference, the measure here still spans the word as it was when the step began.
        if bytes[k] == Self.byte("l") && isDoubleConsonant(k) && measure() > 1 { k -= 1 }
    }
}
