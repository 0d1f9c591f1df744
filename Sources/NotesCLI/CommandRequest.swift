/// What the command line asks a tool to do.
public enum CommandRequest<Options: CommandOptions>: Sendable {
    /// Do the work with these options.
    case run(Options)
    /// Print the help.
    case help
    /// Print the version.
    case version
    /// Print a completion script or the man page.
    case generate(GeneratedDocument)
}
