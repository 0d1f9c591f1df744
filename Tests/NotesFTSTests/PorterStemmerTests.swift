import NotesTokenizer
import Testing

@Suite struct PorterStemmerTests {
    /// Full-algorithm outputs from Porter's published vocabulary, one or more words per step of the algorithm.
    @Test(arguments: [
        ("caresses", "caress"), ("ponies", "poni"), ("ties", "ti"), ("caress", "caress"), ("cats", "cat"),
        ("feed", "feed"), ("agreed", "agre"), ("plastered", "plaster"), ("bled", "bled"), ("motoring", "motor"),
        ("sing", "sing"), ("conflated", "conflat"), ("troubled", "troubl"), ("sized", "size"), ("hopping", "hop"),
        ("tanned", "tan"), ("falling", "fall"), ("hissing", "hiss"), ("fizzed", "fizz"), ("failing", "fail"),
        ("filing", "file"), ("happy", "happi"), ("sky", "sky"), ("relational", "relat"), ("conditional", "condit"),
        ("rational", "ration"), ("valenci", "valenc"), ("hesitanci", "hesit"), ("digitizer", "digit"),
        ("conformabli", "conform"), ("radicalli", "radic"), ("differentli", "differ"), ("vileli", "vile"),
        ("analogousli", "analog"), ("vietnamization", "vietnam"), ("predication", "predic"), ("operator", "oper"),
        ("feudalism", "feudal"), ("decisiveness", "decis"), ("hopefulness", "hope"), ("callousness", "callous"),
        ("formaliti", "formal"), ("sensitiviti", "sensit"), ("sensibiliti", "sensibl"), ("triplicate", "triplic"),
        ("formative", "form"), ("formalize", "formal"), ("electriciti", "electr"), ("electrical", "electr"),
        ("hopeful", "hope"), ("goodness", "good"), ("revival", "reviv"), ("allowance", "allow"),
        ("inference", "infer"), ("airliner", "airlin"), ("adjustable", "adjust"), ("defensible", "defens"),
        ("irritant", "irrit"), ("replacement", "replac"), ("adjustment", "adjust"), ("dependent", "depend"),
        ("adoption", "adopt"), ("communism", "commun"), ("activate", "activ"), ("angulariti", "angular"),
        ("homologous", "homolog"), ("effective", "effect"), ("bowdlerize", "bowdler"), ("probate", "probat"),
        ("rate", "rate"), ("cease", "ceas"), ("controll", "control"), ("roll", "roll"),
    ])
    func publishedExamples(word: String, stem: String) {
        #expect(PorterStemmer.stem(word) == stem)
    }

    @Test(arguments: [["meeting", "meetings"], ["recipe", "recipes"], ["benchmark", "benchmarks", "benchmarking"],
                      ["tokenizer", "tokenizers"], ["plant", "plants"]])
    func inflectionsShareAStem(words: [String]) {
        #expect(Set(words.map(PorterStemmer.stem)).count == 1)
    }

    /// Anything but a lower-case ASCII word of three letters or more is left alone.
    @Test(arguments: ["", "a", "is", "Meetings", "café", "국회의원은", "h2o", "x-ray"])
    func leavesOtherInputAlone(word: String) {
        #expect(PorterStemmer.stem(word) == word)
    }
}

@Suite struct InflectionStemTests {
    @Test(arguments: [["meeting", "meetings"], ["recipe", "recipes"], ["benchmark", "benchmarks", "benchmarked"],
                      ["study", "studies"], ["hope", "hoping", "hoped", "hopes"], ["run", "running", "runs"]])
    func inflectionsShareAStem(words: [String]) {
        #expect(Set(words.map(PorterStemmer.inflectionStem)).count == 1)
    }

    /// Derivations keep apart (the full stemmer would join each pair).
    @Test(arguments: [("general", "generate"), ("relational", "relate"), ("hopeful", "hope")])
    func derivationsStayApart(first: String, second: String) {
        #expect(PorterStemmer.inflectionStem(first) != PorterStemmer.inflectionStem(second))
        #expect(PorterStemmer.stem(first) == PorterStemmer.stem(second))
    }
}
