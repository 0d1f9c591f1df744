/// The option a mistyped one most likely meant, for the error of an unknown option
/// (`unknown option --limt (did you mean --limit?)`), as clap-based tools such as ripgrep suggest one.
///
/// ```swift
/// OptionSuggestion.best(for: "--limt", among: ["-n", "--limit", "--json"])   // "--limit"
/// OptionSuggestion.best(for: "-json", among: ["-n", "--limit", "--json"])    // "--json"
/// OptionSuggestion.best(for: "--frobnicate", among: ["--json"])              // nil
/// ```
enum OptionSuggestion {
    /// For `--name` (a value after `=` ignored): the only long option it begins (`--lim`), else the first one
    /// a single edit away (a letter inserted, deleted or changed, or two neighbours swapped). For `-name`:
    /// `--name`, when that exists (one dash typed for two). `nil` when none fits.
    static func best(for argument: String, among names: [String]) -> String? {
        let typed = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        let long = names.filter { $0.hasPrefix("--") }
        if !typed.hasPrefix("--") {
            return typed.count > 2 && long.contains("-" + typed) ? "-" + typed : nil
        }
        let word = Array(typed.dropFirst(2).utf8)
        guard !word.isEmpty else { return nil }
        let extended = long.filter { $0.utf8.dropFirst(2).starts(with: word) }
        if extended.count == 1 { return extended[0] }
        return long.first { isOneEditApart(word, Array($0.utf8.dropFirst(2))) }
    }

    /// Whether `a` becomes `b` by one insertion, deletion, substitution or swap of two adjacent bytes.
    static func isOneEditApart(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a != b, abs(a.count - b.count) <= 1 else { return false }
        // Trim the common start and end; what differs must then be one short stretch.
        var start = 0
        while start < a.count && start < b.count && a[start] == b[start] { start += 1 }
        var endA = a.count, endB = b.count
        while endA > start && endB > start && a[endA - 1] == b[endB - 1] { endA -= 1; endB -= 1 }
        let middleA = a[start..<endA], middleB = b[start..<endB]
        if middleA.count <= 1 && middleB.count <= 1 { return true }
        return middleA.count == 2 && middleB.count == 2 && middleA.first == middleB.last && middleA.last == middleB.first
    }
}
