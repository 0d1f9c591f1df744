/// A small command-line parser: long options (`--limit 5`, `--limit=5`), short ones (`-n 5`, `-n5`,
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

    /// Creates a parser for `options`.
    public init(options: [OptionSpec]) {
        self.options = options
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
            return arguments[index]
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
                guard let option = spec(named: name) else { throw UsageError.unknown(argument) }
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
            } else if argument.hasPrefix("-") && argument.count > 1 {
                var characters = Substring(argument.dropFirst())
                while let first = characters.first {
                    characters = characters.dropFirst()
                    guard let option = spec(named: "-" + String(first)) else { throw UsageError.unknown(argument) }
                    if option.valueName != nil {
                        if characters.isEmpty {
                            parsed.record(option, value: try takeValue(for: option, spelled: "-" + String(first)))
                        } else {
                            parsed.record(option, value: String(characters))
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

    /// The options as help text lines: names, value and description, aligned.
    public func helpLines() -> [String] {
        let left = options.map { option in
            option.names.joined(separator: ", ") + (option.valueName.map { " " + $0 } ?? "")
        }
        let width = min((left.map(\.count).max() ?? 0) + 2, 30)
        return zip(left, options).map { text, option in
            let padded = text.count < width ? text + String(repeating: " ", count: width - text.count) : text + "  "
            return "  " + padded + option.help
        }
    }
}

/// One option a command accepts.
public struct OptionSpec: Sendable {
    /// Its spellings, e.g. `["-n", "--limit"]`; the last one is its canonical name.
    public let names: [String]
    /// The placeholder of its value (`N`, `PATH`), or `nil` for a flag.
    public let valueName: String?
    /// One line of help.
    public let help: String

    /// Creates an option; give `value` for options that take one.
    public init(_ names: [String], value: String? = nil, help: String) {
        self.names = names
        self.valueName = value
        self.help = help
    }

    /// The canonical (last, usually long) name.
    public var canonicalName: String { names.last ?? "" }
}

/// The outcome of parsing: flags seen, option values, and the remaining arguments.
public struct ParsedArguments: Sendable, Equatable {
    /// Options seen, by canonical name, with their values in order (empty for flags).
    public private(set) var seen: [String: [String]] = [:]
    /// Arguments that are not options, in order.
    public var positionals: [String] = []

    mutating func record(_ option: OptionSpec, value: String?) {
        seen[option.canonicalName, default: []] += value.map { [$0] } ?? []
    }

    /// Whether the option (any spelling's canonical name, e.g. `--json`) was given.
    public func flag(_ name: String) -> Bool { seen[name] != nil }

    /// The last value given for an option, or `nil`.
    public func value(_ name: String) -> String? { seen[name]?.last }

    /// Every value given for an option.
    public func values(_ name: String) -> [String] { seen[name] ?? [] }
}

/// A command-line mistake: exits 2 with this one-line message.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message, without the program name.
    public let message: String
    /// Creates an error with `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }

    static func unknown(_ argument: String) -> UsageError {
        UsageError("unknown option \(argument); see --help (to search for text that starts with '-', put it after --)")
    }
}
