/// One JSON value as the note readers see it: what ``JSONParser`` produces, small and `Sendable`.
///
/// Numbers are kept as `Double` (exact for Unix microseconds up to 2^53), objects as dictionaries (a repeated
/// key keeps its last value, as `JSONSerialization` does).
package enum JSONNode: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number.
    case number(Double)
    /// A string, escapes decoded.
    case string(String)
    /// An array.
    case array([JSONNode])
    /// An object.
    case object([String: JSONNode])

    /// The value under `key` when this is an object.
    package subscript(key: String) -> JSONNode? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    /// The string, when this is one.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements, when this is an array.
    package var arrayValue: [JSONNode]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The fields, when this is an object.
    package var objectValue: [String: JSONNode]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// `true` only for the JSON literal `true`.
    package var isTrue: Bool { self == .bool(true) }

    /// What kind of value this is, for messages (`an array`, `a string`…).
    package var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
