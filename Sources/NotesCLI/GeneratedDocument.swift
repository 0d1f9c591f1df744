/// What `--generate KIND` prints: a shell completion script or the man page, generated from the tool's option
/// table and `--help` text, so neither can drift from the options the tool accepts.
///
/// ```sh
/// notes-find --generate complete-bash > ~/.local/share/bash-completion/completions/notes-find
/// notes-find --generate man > ~/.local/share/man/man1/notes-find.1
/// ```
public enum GeneratedDocument: String, CaseIterable, Sendable {
    /// A bash completion script (`complete -F`).
    case completeBash = "complete-bash"
    /// A zsh completion function (`#compdef`, `_arguments`).
    case completeZsh = "complete-zsh"
    /// fish `complete` commands.
    case completeFish = "complete-fish"
    /// The man page, in roff (`man -l`).
    case man

    /// The kinds, as `--help` and errors list them.
    /// (Built by appending: the generic `joined(separator:)` looks its types up by name at run time, a scan of
    /// every protocol conformance in the binary: 3.6% of `notes-find --version`'s perf samples.)
    public static var kindList: String {
        var list = ""
        for kind in allCases { list += list.isEmpty ? kind.rawValue : ", " + kind.rawValue }
        return list
    }

    /// The document for `tool`.
    public func render<Tool: Command>(for tool: Tool.Type) -> String {
        let completion = ShellCompletion(program: Tool.name, options: Tool.options.specs,
                                         positionalsArePaths: Tool.positionalsArePaths)
        switch self {
        case .completeBash: return completion.bash()
        case .completeZsh: return completion.zsh()
        case .completeFish: return completion.fish()
        case .man: return ManPage(program: Tool.name, version: Tool.version, help: Tool.help,
                                  options: Tool.options.specs).render()
        }
    }
}
