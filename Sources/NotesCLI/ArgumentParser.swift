/// A small command-line parser: long options (`--limit 5`, `--limit=5`), short ones (`-n 5`, `-n5`, `-n=5`,
/// clustered flags `-lc`), `--` to end options, and errors that name the offending argument.
///
/// ```swift
/// let parser = ArgumentParser(options: [
///     OptionSpec(["-n", "--limit"], value: "N", help: "show at most N results"),
///     OptionSpec(["--json"], help: "print JSON Lines"),
/// ])
/// let parsed = try parser.parse(["--json", "-n", "5", "deploy"])
/// parsed.flag("--json")          // true
/// parsed.value("--limit")        // "5"
/// parsed.positionals             // ["deploy"]
/// ```
public struct ArgumentParser: Sendable {
    /// The options this command accepts.
    public let options: [OptionSpec]
    /// Whether, once a positional argument was read, a `-word` that is not a valid cluster of short options
    /// is a positional too (`notes-find meeting -draft`: the query's exclusion) instead of an error.
    public let dashWordsAfterPositionals: Bool
    /// What the error of an unknown option adds in brackets (``Command/unknownOptionHint``), or `nil`.
    public let unknownOptionHint: String?

    /// Creates a parser for `options`.
    public init(options: [OptionSpec], dashWordsAfterPositionals: Bool = false, unknownOptionHint: String? = nil) {
        self.options = options
        self.dashWordsAfterPositionals = dashWordsAfterPositionals
        self.unknownOptionHint = unknownOptionHint
    }

    /// Whether `argument` (`-lc`, `-n5`, `-n=5`) reads as short options: each letter an option until one that
    /// takes a value, whose value is then the next argument or what follows it unless that is a word
    /// (`-nightly` is the word `nightly` excluded, not `-n ightly`).
    private func isShortOptionCluster(_ argument: String) -> Bool {
        var rest = argument.dropFirst()
        while let character = rest.popFirst() {
            guard let option = options.first(where: { $0.names.contains("-" + String(character)) }) else { return false }
            if option.valueName != nil { return rest.first.map { !$0.isLetter } ?? true }
        }
        return true
    }

    /// Parses `arguments` (without the program name).
    ///
    /// Throws ``UsageError`` for an unknown option or a missing value.
    public func parse(_ arguments: [String]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        func spec(named name: String) -> OptionSpec? { options.first { $0.names.contains(name) } }
        func takeValue(for option: OptionSpec, spelled: String) throws -> String {
            index += 1
            guard index < arguments.count else {
                throw UsageError("option \(spelled) needs a value (\(spelled) \(option.valueName ?? "VALUE"))")
            }
            // `--db --check`: the value was left out and the next option taken for it (an index named
            // `--check`). A value that is exactly an option's name is given attached: `--db=--check`.
            let next = arguments[index]
            let nextName = next.hasPrefix("--") ? String(next.prefix { $0 != "=" }) : next
            if spec(named: nextName) != nil {
                let example = spelled.hasPrefix("--") ? "\(spelled)=\(next)" : "\(spelled)\(next)"
                throw UsageError("option \(spelled) needs a value (\(spelled) \(option.valueName ?? "VALUE")), "
                                 + "not the option \(next) (for a value of that name, write \(example))")
            }
            return next
        }
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                parsed.positionals += arguments[(index + 1)...]
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = "--" + (body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "")
                guard let option = spec(named: name) else { throw UsageError.unknown(argument, names: options.flatMap(\.names), hint: unknownOptionHint) }
                if option.valueName != nil {
                    if let equals = body.firstIndex(of: "=") {
                        parsed.record(option, value: String(body[body.index(after: equals)...]))
                    } else {
                        parsed.record(option, value: try takeValue(for: option, spelled: name))
                    }
                } else {
                    if body.contains("=") { throw UsageError("option \(name) takes no value") }
                    parsed.record(option, value: nil)
                }
            } else if argument.hasPrefix("-") && argument.count > 1
                        && !(dashWordsAfterPositionals && !parsed.positionals.isEmpty && !isShortOptionCluster(argument)) {
                var characters = Substring(argument.dropFirst())
                while let first = characters.first {
                    characters = characters.dropFirst()
                    guard let option = spec(named: "-" + String(first)) else { throw UsageError.unknown(argument, names: options.flatMap(\.names), hint: unknownOptionHint) }
                    if option.valueName != nil {
                        if characters.isEmpty {
                            parsed.record(option, value: try takeValue(for: option, spelled: "-" + String(first)))
                        } else {
                            // `-n=5` as `-n5` and `--limit=5` (as clap-based tools read it): no short value starts with `=`.
                            parsed.record(option, value: String(characters.first == "=" ? characters.dropFirst() : characters))
                        }
                        break
                    }
                    parsed.record(option, value: nil)
                }
            } else {
                parsed.positionals.append(argument)
            }
            index += 1
        }
        return parsed
    }

    /// The options as help text: names, value and description, aligned; one element per option, its
    /// description wrapped at ``helpWidth`` columns onto lines indented to the description column.
    public func helpLines() -> [String] {
        let left = options.map { option in
            option.names.joined(separator: ", ") + (option.valueName.map { " " + $0 } ?? "")
        }
        let width = min((left.map(\.count).max() ?? 0) + 2, 30)
        return zip(left, options).map { text, option in
            let padded = text.count < width ? text + String(repeating: " ", count: width - text.count) : text + "  "
            var lines = ["  " + padded]
            for word in option.help.split(separator: " ") {
                if lines[lines.count - 1].count + 1 + word.count > Self.helpWidth && lines[lines.count - 1].last != " " {
                    lines.append(String(repeating: " ", count: 2 + width))
                } else if lines[lines.count - 1].last != " " {
                    lines[lines.count - 1] += " "
                }
                lines[lines.count - 1] += word
            }
            return lines.joined(separator: "\n")
        }
    }

    /// The column `--help` wraps option descriptions at (a word longer than the room stays whole).
    public static let helpWidth = 100
}
