/// One row of a tool's option table: how the option is spelled and described (``OptionSpec``, which also
/// feeds `--help`), and how it fills the tool's typed options.
///
/// ```swift
/// CommandOption<FindOptions>.flag(["--json"], help: "print JSON Lines") { $0.json = true }
/// CommandOption<FindOptions>.value(["-n", "--limit"], "N", help: "at most N results") {
///     $0.limit = try CommandLineTool.integer($1, option: "--limit", minimum: 1)
/// }
/// ```
public struct CommandOption<Options>: Sendable {
    /// What the option does when given.
    enum Action: Sendable {
        /// Fills the options from the value (`nil` for a flag); throws ``UsageError`` for a bad value.
        case apply(@Sendable (inout Options, String?) throws -> Void)
        /// Prints the help and exits 0.
        case help
        /// Prints the version and exits 0.
        case version
        /// Prints a completion script or the man page (``GeneratedDocument``) and exits 0.
        case generate
    }

    /// The spellings, value placeholder and help line.
    public let spec: OptionSpec
    let action: Action

    /// A flag: `apply` runs once each time it is given.
    public static func flag(_ names: [String], help: String,
                            _ apply: @escaping @Sendable (inout Options) -> Void) -> CommandOption {
        CommandOption(spec: OptionSpec(names, help: help), action: .apply { options, _ in apply(&options) })
    }

    /// An option with a value named `value` (`N`, `PATH`): `apply` reads it into the options, throwing
    /// ``UsageError`` when it is not acceptable.
    public static func value(_ names: [String], _ value: String, help: String, choices: [String] = [],
                             _ apply: @escaping @Sendable (inout Options, String) throws -> Void) -> CommandOption {
        CommandOption(spec: OptionSpec(names, value: value, help: help, choices: choices),
                      action: .apply { options, text in try apply(&options, text ?? "") })
    }

    /// `-h`, `--help`: show the help.
    public static var help: CommandOption { CommandOption(spec: OptionSpec(["-h", "--help"], help: "show this help"), action: .help) }

    /// `--generate KIND`: print the bash, zsh or fish completion script or the man page, generated from the
    /// same table as `--help`.
    public static var generate: CommandOption {
        CommandOption(spec: OptionSpec(["--generate"], value: "KIND",
                                       help: "print a shell completion script or the man page: " + GeneratedDocument.kindList,
                                       choices: GeneratedDocument.allCases.map { $0.rawValue }),
                      action: .generate)
    }

    /// `-V`, `--version`: show the version.
    public static var version: CommandOption {
        CommandOption(spec: OptionSpec(["-V", "--version"], help: "show the version"), action: .version)
    }
}
