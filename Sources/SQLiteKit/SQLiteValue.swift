/// A value SQLite can store: the five fundamental datatypes.
///
/// Bound parameters are `SQLiteValue`s; the literal conformances keep call sites short:
/// ```swift
/// try db.run("INSERT INTO t(a, b, c) VALUES(?, ?, ?)", ["text", 42, nil])
/// ```
public enum SQLiteValue: Equatable, Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// Wraps an optional string: `nil` becomes `.null`.
    public init(_ value: String?) { self = value.map(SQLiteValue.text) ?? .null }
    /// Wraps an optional integer: `nil` becomes `.null`.
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    /// Wraps an optional 64-bit integer: `nil` becomes `.null`.
    public init(_ value: Int64?) { self = value.map(SQLiteValue.integer) ?? .null }
    /// Wraps an optional double: `nil` becomes `.null`.
    public init(_ value: Double?) { self = value.map(SQLiteValue.real) ?? .null }

    /// The value as an integer when it is one (a real is truncated), else `nil`.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .real(let value): return Int64(exactly: value.rounded(.towardZero))
        default: return nil
        }
    }

    /// The value as text when it is text, else `nil`.
    public var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }
}

extension SQLiteValue: ExpressibleByStringLiteral {
    /// `"abc"` is `.text("abc")`.
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLiteValue: ExpressibleByIntegerLiteral {
    /// `42` is `.integer(42)`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLiteValue: ExpressibleByFloatLiteral {
    /// `1.5` is `.real(1.5)`.
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLiteValue: ExpressibleByNilLiteral {
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
}
