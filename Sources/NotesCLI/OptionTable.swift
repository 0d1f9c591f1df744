/// A tool's options, in the order `--help` lists them: the one place that says which options exist, how
/// they are spelled, what they mean and how they fill the tool's ``CommandOptions``.
public struct OptionTable<Options: CommandOptions>: Sendable {
    /// The rows.
    public let options: [CommandOption<Options>]

    /// After a positional argument, a `-word` that is not an option is a positional too (see
    /// ``ArgumentParser/dashWordsAfterPositionals``).
    public let dashWordsAfterPositionals: Bool

    /// Creates a table of `options`.
    public init(_ options: [CommandOption<Options>], dashWordsAfterPositionals: Bool = false) {
        self.options = options
        self.dashWordsAfterPositionals = dashWordsAfterPositionals
    }

    /// The options' names, values and help, as the parser reads them.
    public var specs: [OptionSpec] { options.map { $0.spec } }

    /// The help lines of the options, aligned (see ``ArgumentParser/helpLines()``).
    public func helpLines() -> [String] { parser(unknownOptionHint: nil).helpLines() }

    private func parser(unknownOptionHint: String?) -> ArgumentParser {
        ArgumentParser(options: options.map { $0.spec }, dashWordsAfterPositionals: dashWordsAfterPositionals,
                       unknownOptionHint: unknownOptionHint)
    }

    /// Reads `arguments` (without the program name). An unknown option or a missing value is an error first
    /// (an unknown option's followed by `unknownOptionHint`, see ``Command/unknownOptionHint``); then `--help`
    /// and `--version` win over everything else; then each option fills the options in command-line order (the
    /// last of a repeated value wins), and ``CommandOptions/finish(positionals:)`` completes them. Throws
    /// ``UsageError``.
    public func parse(_ arguments: [String], unknownOptionHint: String? = nil) throws -> CommandRequest<Options> {
        let parsed = try parser(unknownOptionHint: unknownOptionHint).parse(arguments)
        var actions: [(CommandOption<Options>.Action, String?)] = []
        for occurrence in parsed.occurrences {
            guard let option = options.first(where: { $0.spec.canonicalName == occurrence.name }) else { continue }
            actions.append((option.action, occurrence.value))
        }
        if actions.contains(where: { if case .help = $0.0 { true } else { false } }) { return .help }
        if actions.contains(where: { if case .version = $0.0 { true } else { false } }) { return .version }
        if case (.generate, let kind)? = actions.last(where: { if case .generate = $0.0 { true } else { false } }) {
            guard let document = GeneratedDocument(rawValue: kind ?? "") else {
                throw UsageError("--generate takes \(GeneratedDocument.kindList), not '\(kind ?? "")'")
            }
            return .generate(document)
        }
        var filled = Options()
        for case (.apply(let apply), let value) in actions { try apply(&filled, value) }
        try filled.finish(positionals: parsed.positionals)
        return .run(filled)
    }
}
