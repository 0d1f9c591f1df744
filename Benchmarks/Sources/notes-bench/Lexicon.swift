/// The word lists the corpus generator draws from: real English head words, pronounceable pseudo-words for
/// the long tail, accented "loanword" spellings, Korean words with their particles.
enum Lexicon {
    /// Frequent real words, most frequent first (they form the head of the English Zipf distribution).
    static let englishHead: [String] = """
        the and to of a in for is on that with this it be as at we will from by are have not or but \
        meeting project notes todo idea plan review team week today tomorrow call email draft release \
        budget design client report update server deploy code bug fix test data database search index \
        book read list ideas travel trip recipe garden home family health doctor school class lecture \
        weekend monday friday morning evening question answer problem solution summary next steps \
        follow up launch roadmap feature customer sales marketing invoice payment contract account \
        password backup photo music movie article podcast workout running coffee lunch dinner shopping
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    private static let onsets = ["b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w",
                                 "z", "br", "cl", "dr", "fl", "gr", "pl", "pr", "st", "tr", "sh", "ch", "th", "qu", "sk"]
    private static let vowels = ["a", "e", "i", "o", "u", "a", "e", "o", "ea", "ou", "ai", "io"]
    private static let codas = ["", "", "", "n", "r", "s", "l", "t", "m", "nd", "st", "rk", "ng", "x"]

    /// A pronounceable pseudo-word of two to four syllables.
    static func pseudoWord(_ random: inout SeededRandom) -> String {
        var word = ""
        let syllables = 2 + random.below(3)
        for index in 0..<syllables {
            if index > 0 || random.chance(0.8) { word += onsets[random.below(onsets.count)] }
            word += vowels[random.below(vowels.count)]
            if index == syllables - 1 || random.chance(0.3) { word += codas[random.below(codas.count)] }
        }
        return word
    }

    private static let accents: [Character: Character] = ["e": "é", "a": "à", "o": "ö", "u": "ü", "i": "ï"]

    /// The word with its first accentable vowel accented ("resume" → "résume"), or `nil` when it has none.
    static func accented(_ word: String) -> String? {
        guard let index = word.firstIndex(where: { accents[$0] != nil }) else { return nil }
        var result = word
        result.replaceSubrange(index...index, with: String(accents[word[index]]!))
        return result
    }

    /// A Korean noun of two or three Hangul syllables.
    static func koreanWord(_ random: inout SeededRandom) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<(2 + random.below(2)) {
            let initial = random.below(19), medial = random.below(21), final = random.chance(0.4) ? random.below(28) : 0
            scalars.append(Unicode.Scalar(UInt32(0xAC00 + (initial * 21 + medial) * 28 + final))!)
        }
        return String(scalars)
    }

    /// Korean particles written onto the noun before them (one whitespace token for `unicode61`).
    static let koreanParticles = ["은", "는", "이", "가", "을", "를", "에", "에서", "으로", "와", "의", "도"]

    /// Frequent real Korean words (the head of the Korean distribution).
    static let koreanHead: [String] = """
        회의 프로젝트 메모 오늘 내일 계획 검토 보고서 일정 사람 시간 문제 생각 회사 학교 가족 여행 음식 \
        운동 책 영화 음악 친구 주말 아침 저녁 커피 점심 예산 고객 서버 배포 코드 테스트 데이터 검색
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}
