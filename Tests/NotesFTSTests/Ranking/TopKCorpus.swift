import Foundation
@testable import NotesFTS

/// A small seeded corpus where many words are frequent, and the queries the exactness tests run on it.
struct TopKCorpus {
    var random: SeededGenerator
    /// Most frequent first; drawn with weight 1 / rank: the first ten are in most notes (idf clamped), the next
    /// hundred in 5–50% of them (tracked), the rest rare.
    static let words = names + (0..<260).map { "w\($0)x" }
    private static let names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
                        "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
                        "uniform", "victor", "whiskey", "xray", "yankee", "zulu", "amber", "basalt", "cobalt", "dune",
                        "ember", "fjord", "granite", "harbor", "iris", "jade", "kelp", "lagoon", "marble", "nectar"]
    private static let cumulative: [Double] = {
        var total = 0.0
        return words.indices.map { rank in total += 1 / Double(rank + 1); return total }
    }()

    init(seed: UInt64) { random = SeededGenerator(state: seed) }

    mutating func word() -> String {
        let target = Double(random.next() % 1_000_000) / 1_000_000 * (Self.cumulative.last ?? 1)
        return Self.words[Self.cumulative.firstIndex { $0 >= target } ?? Self.words.count - 1]
    }

    mutating func words(_ count: Int) -> String { (0..<count).map { _ in word() }.joined(separator: " ") }

    /// Note number `number` (its path is unique to it).
    mutating func note(_ number: Int) -> Note {
        let folder = ["a", "b", "c"][number % 3]
        let bodyLength = 5 + Int(random.next() % 90)
        let tags = (0..<Int(random.next() % 3)).map { _ in word() }
        let day = 1 + Int(random.next() % 28), month = 1 + Int(random.next() % 12)
        let date = Timestamp.parse(String(format: "%04d-%02d-%02d", 2023 + number % 3, month, day))
        return Note(path: "/topk/\(folder)/note\(number).md", title: words(1 + Int(random.next() % 4)),
                    body: words(bodyLength), tags: tags, created: date, modified: date)
    }

    /// A random query: words of mixed frequency, often alone, with exclusions, filters, phrases, prefixes, OR.
    mutating func query() -> String {
        var text: String
        switch random.next() % 20 {
        case 0, 1: text = "\(word()) \(word())"
        case 2, 6: text = "\(word()) OR \(word())"
        case 7: text = "\(word()) (\(word()) OR \(word()))"
        case 3: text = "\"\(word()) \(word())\""
        case 4: text = String(word().prefix(3)) + "*"
        case 5: text = "title:\(word())"
        default: text = word()
        }
        if random.chance(20) { text += " -\(word())" }
        if random.chance(10) { text = Self.besideFilter(text) + " path:\(random.pick(["a/", "b/", "/topk/"]))" }
        if random.chance(10) { text = Self.besideFilter(text) + " modified:>=\(random.pick(["2024-01-01", "2025-06", "2023-03-15"]))" }
        return text
    }

    /// `text` bracketed when it holds an OR, so that a filter added after it narrows the whole OR (beside one
    /// of its sides, a filter is an error: ``MisplacedFilter``).
    static func besideFilter(_ text: String) -> String {
        text.contains(" OR ") && !text.hasPrefix("(") ? "(\(text))" : text
    }

    /// `text` parsed; a quarter of the time its first word also gets other "forms", as word-form expansion
    /// gives it (`("w" OR "w" OR "form")`).
    mutating func parsedQuery() -> ParsedQuery {
        var query = QueryParser.parse(query())
        guard random.chance(25) else { return query }
        func withForms(_ node: QueryNode) -> QueryNode {
            switch node {
            case .term(var term) where !term.isPhrase && !term.isPrefix:
                term.forms = [term.text, word()]
                return .term(term)
            case .and(let children) where !children.isEmpty: return .and([withForms(children[0])] + children.dropFirst())
            case .or(let children) where !children.isEmpty: return .or([withForms(children[0])] + children.dropFirst())
            default: return node
            }
        }
        query.root = query.root.map(withForms)
        return query
    }

    mutating func options() -> SearchOptions {
        SearchOptions(limit: random.pick([1, 3, 5, 10, 20]), offset: random.chance(20) ? random.pick([1, 2, 5]) : 0)
    }
}
