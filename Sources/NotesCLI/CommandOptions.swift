/// A tool's typed options: created with their defaults, filled by its ``OptionTable``, then completed and
/// checked once by ``finish(positionals:)``.
public protocol CommandOptions: Sendable {
    /// The defaults.
    init()
    /// Takes the arguments that are not options and checks the whole (defaults that depend on other options,
    /// options that exclude each other); throws ``UsageError`` naming what is wrong.
    mutating func finish(positionals: [String]) throws
}
