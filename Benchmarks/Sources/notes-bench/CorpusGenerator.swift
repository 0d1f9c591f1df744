#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Writes a deterministic corpus of notes: the same `count` and `seed` give byte-identical files and times.
///
/// - Bodies of a few hundred bytes to ~8 KB (log-uniform), sentences of Zipf-distributed words;
/// - about 10% Korean notes (nouns with attached particles, as Korean is written), the rest English-like;
/// - 60% Markdown (some with YAML front matter, headings, lists, `#tags`), 28% plain text, 12% JSON;
/// - nested folders (`area/year/…` and `area/projects/name/…`), file times spread over 2018–2025.
struct CorpusGenerator {
    /// How many notes (one per file).
    let count: Int
    /// The seed of everything random.
    let seed: UInt64
    private let english: ZipfVocabulary
    private let korean: ZipfVocabulary
    /// Tail words that also appear with an accent (as loanwords do): ~5% of the generated tail.
    private let accentedForms: [String: String]

    private static let areas = ["work", "personal", "journal", "reading", "recipes", "travel", "research",
                                "health", "finance", "archive", "inbox", "projects-old"]

    /// Prepares the vocabularies (sized so every document-frequency band, down to a handful, is populated).
    init(count: Int, seed: UInt64 = 20_240_601) {
        self.count = count
        self.seed = seed
        english = ZipfVocabulary(count: 400_000, seed: seed ^ 0xE, head: Lexicon.englishHead, makeWord: Lexicon.pseudoWord)
        korean = ZipfVocabulary(count: 40_000, seed: seed ^ 0xC, head: Lexicon.koreanHead, makeWord: Lexicon.koreanWord)
        var accents: [String: String] = [:]
        var random = SeededRandom(seed: seed ^ 0xA)
        for word in english.words.dropFirst(Lexicon.englishHead.count).prefix(50_000) where random.chance(0.05) {
            if let form = Lexicon.accented(word) { accents[word] = form }
        }
        accentedForms = accents
    }

    /// One generated file: its path below the corpus root, its bytes and its modification time.
    struct File {
        var relativePath: String
        var bytes: [UInt8]
        var modified: Int
    }

    /// Generates every file into `directory` (created as needed), on all cores; returns the bytes written.
    @discardableResult
    func write(to directory: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let folders = Set((0..<count).map { (file(number: $0, bodyOnly: true).relativePath as NSString).deletingLastPathComponent })
        for folder in folders {
            try FileManager.default.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true)
        }
        let total = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        defer { total.deallocate() }
        nonisolated(unsafe) let sizes = total
        let failures = FailureBox()
        DispatchQueue.concurrentPerform(iterations: count) { number in
            let file = self.file(number: number)
            sizes[number] = file.bytes.count
            if let problem = Self.store(file, root: directory) { failures.record(problem) }
        }
        if let problem = failures.first { throw BenchError(problem) }
        return total.reduce(0, +)
    }

    /// Writes `file` under `root` and sets its modification time; returns an error message on failure.
    static func store(_ file: File, root: String, modified: Int? = nil) -> String? {
        let path = root + "/" + file.relativePath
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
        #if canImport(Glibc)
        let written = file.bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        #else
        let written = file.bytes.withUnsafeBytes { Darwin.write(descriptor, $0.baseAddress, $0.count) }
        #endif
        close(descriptor)
        guard written == file.bytes.count else { return "short write to \(path)" }
        let seconds = modified ?? file.modified
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
        return nil
    }

    /// The file of note `number` (deterministic: it depends only on the seed and the number).
    func file(number: Int, bodyOnly: Bool = false) -> File {
        var random = SeededRandom(seed: seed &+ UInt64(number) &* 0x2545_F491_4F6C_DD1D)
        let isKorean = random.chance(0.10)
        let kindRoll = random.unit()
        let kind = kindRoll < 0.60 ? "md" : kindRoll < 0.88 ? "txt" : "json"
        // 2018-01-01 … 2025-12-31, in seconds.
        let modified = 1_514_764_800 + random.below(8 * 365 * 86_400)
        let created = modified - random.below(400 * 86_400)
        let area = Self.areas[random.below(Self.areas.count)]
        let year = 1970 + modified / 31_557_600
        let folder = random.chance(0.7)
            ? "\(area)/\(year)/\(["q1", "q2", "q3", "q4"][random.below(4)])"
            : "\(area)/projects/\(english.words[Lexicon.englishHead.count + random.below(200)])"
        let relativePath = "\(folder)/note-\(String(number, radix: 36))-\(number).\(kind)"
        if bodyOnly { return File(relativePath: relativePath, bytes: [], modified: modified) }

        let title = sentence(&random, korean: isKorean, words: 2 + random.below(6), end: "")
        let tags = (0..<random.below(4)).map { _ in
            isKorean && random.chance(0.5) ? korean.draw(&random) : english.words[20 + random.below(300)]
        }
        let target = Int(exp(log(300.0) + random.unit() * (log(8_000.0) - log(300.0))))
        var body = ""
        while body.utf8.count < target {
            body += paragraph(&random, korean: isKorean, markdown: kind == "md")
            body += "\n\n"
        }
        if kind != "json" && !tags.isEmpty && random.chance(0.5) {
            body += tags.map { "#" + $0 }.joined(separator: " ") + "\n"
        }
        let text: String
        switch kind {
        case "md":
            var header = ""
            if random.chance(0.5) {
                header = "---\ntitle: \(title)\ntags: [\(tags.joined(separator: ", "))]\n"
                    + "created: \(Self.iso(created))\nmodified: \(Self.iso(modified))\n---\n"
            }
            text = header + "# \(title)\n\n" + body
        case "txt":
            text = title + "\n\n" + body
        default:
            let object: [String: Any] = ["title": title, "content": body, "tags": tags,
                                         "created": Self.iso(created), "modified": Self.iso(modified)]
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            text = String(decoding: data, as: UTF8.self)
        }
        return File(relativePath: relativePath, bytes: Array(text.utf8), modified: modified)
    }

    private func paragraph(_ random: inout SeededRandom, korean isKorean: Bool, markdown: Bool) -> String {
        if markdown && random.chance(0.15) {
            return (0..<(2 + random.below(5))).map { _ in
                "- " + (random.chance(0.3) ? "[ ] " : "") + sentence(&random, korean: isKorean, words: 3 + random.below(8), end: "")
            }.joined(separator: "\n")
        }
        if markdown && random.chance(0.08) {
            return "## " + sentence(&random, korean: isKorean, words: 2 + random.below(4), end: "")
        }
        return (0..<(2 + random.below(5))).map { _ in
            sentence(&random, korean: isKorean, words: 6 + random.below(13), end: random.chance(0.1) ? "?" : ".")
        }.joined(separator: " ")
    }

    private func sentence(_ random: inout SeededRandom, korean isKorean: Bool, words: Int, end: String) -> String {
        var parts: [String] = []
        parts.reserveCapacity(words)
        for position in 0..<words {
            var word: String
            if isKorean && !random.chance(0.08) {
                word = korean.draw(&random)
                if random.chance(0.55) { word += Lexicon.koreanParticles[random.below(Lexicon.koreanParticles.count)] }
            } else {
                word = english.draw(&random)
                if let accented = accentedForms[word], random.chance(0.4) { word = accented }
                if position == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
            }
            parts.append(word)
            if position + 1 < words && random.chance(0.06) { parts[parts.count - 1] += "," }
        }
        return parts.joined(separator: " ") + end
    }

    private static func iso(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}

/// Collects the first failure reported from concurrent work.
final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var message: String?
    /// Keeps `problem` when it is the first.
    func record(_ problem: String) { lock.lock(); if message == nil { message = problem }; lock.unlock() }
    /// The first problem recorded, if any.
    var first: String? { lock.lock(); defer { lock.unlock() }; return message }
}

/// A benchmark failure with a one-line message.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    let description: String
    init(_ description: String) { self.description = description }
}
