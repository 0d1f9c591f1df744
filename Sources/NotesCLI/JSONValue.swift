/// A JSON value that renders with its object keys in the order given, so `--json` lines keep a stable,
/// documented field order (Foundation's encoders sort keys or leave them unordered).
///
/// ```swift
/// JSONValue.object([("id", .int(1)), ("title", .string("Tea"))]).rendered  // {"id":1,"title":"Tea"}
/// ```
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// An optional string: `nil` renders as `null`.
    public static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// Compact JSON text on one line.
    public var rendered: String {
        var output = ""
        render(into: &output)
        return output
    }

    private func render(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value):
            if value.isFinite {
                output += value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
            } else {
                output += "null"
            }
        case .string(let value): Self.escape(value, into: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.render(into: &output)
            }
            output += "]"
        case .object(let fields):
            output += "{"
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { output += "," }
                Self.escape(key, into: &output)
                output += ":"
                value.render(into: &output)
            }
            output += "}"
        }
    }

    private static func escape(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    /// Equality compares rendered text (object fields are ordered pairs).
    public static func == (left: JSONValue, right: JSONValue) -> Bool { left.rendered == right.rendered }
}
