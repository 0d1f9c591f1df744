/// The shape of a ranked query as the top-k path sees it: a tree of AND and OR over single-token words (word
/// forms included), the words bm25 scores (FTS5's phrases, in order, repeats kept), and what it excludes.
///
/// A prefix of ASCII letters and digits (`read*`) is one token standing for all its expansions
/// (``prefixes``, ``PrefixPostings``); a quoted single word is a word. Phrases of several tokens (ranked by
/// ``PhraseRanking`` when they are the whole query), other prefixes, column-limited words and NOT below the
/// top level are not served here: ``TopKPlan`` scores those in full, with the reason this type gives.
struct TopKQuery {
    /// A node of the positive part; `.word(i)` is ``tokens``[i].
    indirect enum Node {
        case word(Int)
        case all([Node])
        case any([Node])
    }

    /// The distinct tokens, as FTS5 indexes them.
    private(set) var tokens: [String] = []
    /// The tokens that stand for a prefix: every indexed term beginning with them, as one phrase.
    private(set) var prefixes: Set<Int> = []
    /// How many of FTS5's phrases each token is (a word with forms is its word twice, then each form).
    private(set) var multiplicity: [Int] = []
    /// The token of each of FTS5's phrases, in the query's order: bm25 adds the phrases' parts in that order,
    /// and a sum in another order can differ in its last bit (``TopKScorer``).
    private(set) var phraseTokens: [Int] = []
    /// Where each token is in ``tokens``.
    private var indexOfToken: [TokenKey: Int] = [:]
    /// The positive part.
    private(set) var root: Node = .any([])
    /// The FTS5 expression of the excluded parts, if any.
    private(set) var exclusion: String?

    /// Why a query cannot take the fast path.
    struct Unsupported: Error {
        var reason: String
    }

    /// Reads `query`; throws ``Unsupported`` for a shape the fast path does not serve.
    init(_ query: ParsedQuery, tokenizer: TermTokenizer) throws {
        guard let top = query.root else { throw Unsupported(reason: "no words to rank") }
        var positives = [top]
        var negatives: [QueryNode] = []
        if case .and(let children) = top {
            positives = children.filter { if case .not = $0 { return false } else { return true } }
            negatives = children.compactMap { if case .not(let inner) = $0 { return inner } else { return nil } }
        }
        let nodes = try positives.compactMap { try build($0, tokenizer) }
        guard !nodes.isEmpty else { throw Unsupported(reason: "no words to rank") }
        root = nodes.count == 1 ? nodes[0] : .all(nodes)
        exclusion = negatives.isEmpty ? nil : FTS5Expression.compile(.or(negatives)).match
    }

    /// One token ranked as one word that is not a word of the query: a phrase with a head of its own
    /// (``PhraseHead``, its key as the token), scored as one FTS5 phrase, with the query's `exclusion`.
    init(keptPhrase key: String, exclusion: String?) {
        _ = count(key, prefix: false)
        root = .word(0)
        self.exclusion = exclusion
    }

    private mutating func build(_ node: QueryNode, _ tokenizer: TermTokenizer) throws -> Node? {
        switch node {
        case .term(let term):
            guard term.isSearchable else { return nil }
            if term.isPrefix, !term.isPhrase, term.column == nil { return .word(try addPrefix(term.text, tokenizer)) }
            // A quoted word is a word; a phrase of several tokens is refused by `add`. The expression's bytes are
            // searched for the `*`: `String.contains(_:)` with a string argument goes through Foundation's
            // `range(of:)`, about 15 µs a word, 3.6% of `read OR book` at 100,000 notes.
            guard !term.isPrefix, term.column == nil, !term.matchExpression.utf8.contains(UInt8(ascii: "*")) else {
                throw Unsupported(reason: "a phrase, a column-limited word or a prefix inside one is scored in full")
            }
            let words = term.forms.isEmpty ? [term.text] : [term.text] + term.forms
            let nodes = try words.map { Node.word(try add($0, tokenizer)) }
            return nodes.count == 1 ? nodes[0] : .any(nodes)
        case .and(let children):
            let nodes = try children.compactMap { try build($0, tokenizer) }
            return nodes.isEmpty ? nil : .all(nodes)
        case .or(let children):
            let nodes = try children.compactMap { try build($0, tokenizer) }
            return nodes.isEmpty ? nil : .any(nodes)
        case .not:
            throw Unsupported(reason: "an exclusion inside OR or brackets is scored in full")
        }
    }

    /// Counts one phrase for `word`; returns its token's index.
    private mutating func add(_ word: String, _ tokenizer: TermTokenizer) throws -> Int {
        guard let found = tokenizer.queryTokens(word), found.count == 1, let token = found.first else {
            throw Unsupported(reason: "\"\(word)\" is several tokens (a phrase to FTS5), scored in full")
        }
        return count(token, prefix: false)
    }

    /// Counts one phrase for the prefix `text` (`read` of `read*`); returns its token's index.
    private mutating func addPrefix(_ text: String, _ tokenizer: TermTokenizer) throws -> Int {
        guard let found = tokenizer.queryTokens(text, prefix: true), found.count == 1, let token = found.first,
              PrefixPostings.isServed(token) else {
            throw Unsupported(reason: "a prefix of several tokens or of other than ASCII letters and digits is scored in full")
        }
        return count(token, prefix: true)
    }

    /// One more phrase for `token` (a word, or a prefix: the same text is two different tokens). Looked up by
    /// key, not by a scan of ``tokens``: a query of 10,000 words took 8 s with the scan.
    private mutating func count(_ token: String, prefix: Bool) -> Int {
        let key = TokenKey(text: token, prefix: prefix)
        if let index = indexOfToken[key] {
            multiplicity[index] += 1
            phraseTokens.append(index)
            return index
        }
        tokens.append(token)
        multiplicity.append(1)
        if prefix { prefixes.insert(tokens.count - 1) }
        indexOfToken[key] = tokens.count - 1
        phraseTokens.append(tokens.count - 1)
        return tokens.count - 1
    }

    /// A token as ``count(_:prefix:)`` tells tokens apart: its text, and whether it stands for a prefix.
    private struct TokenKey: Hashable {
        var text: String
        var prefix: Bool
    }

    /// The same tokens, scored alike, matched only by notes holding every one of them: the notes whose score
    /// the upper tiers know exactly (``TopKPlan``'s upper-tier route). The positive part is AND and OR of words,
    /// so such a note matches the query too.
    var holdingEveryToken: TopKQuery {
        var copy = self
        copy.root = .all(tokens.indices.map { .word($0) })
        return copy
    }

    /// Whether a note matches, given which tokens it holds (`nil`: not known yet); `nil` when that depends on
    /// an unknown token.
    func matches(_ holds: (Int) -> Bool?) -> Bool? { Self.evaluate(root, holds) }

    private static func evaluate(_ node: Node, _ holds: (Int) -> Bool?) -> Bool? {
        switch node {
        case .word(let index): return holds(index)
        case .all(let children):
            var unknown = false
            for child in children {
                switch evaluate(child, holds) {
                case false?: return false
                case nil: unknown = true
                case true?: break
                }
            }
            return unknown ? nil : true
        case .any(let children):
            var unknown = false
            for child in children {
                switch evaluate(child, holds) {
                case true?: return true
                case nil: unknown = true
                case false?: break
                }
            }
            return unknown ? nil : false
        }
    }
}
