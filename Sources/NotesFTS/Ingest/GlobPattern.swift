/// A glob as `.gitignore` writes them, matched against `/`-separated relative paths.
///
/// - `*` matches any run of characters except `/`; `?` matches one character except `/`;
/// - `[abc]`, `[a-z]`, `[!a-z]` (or `[^a-z]`) match one character of (or not of) a set, never `/`;
///   a `]` first in the set is literal, and a `[` without its `]` is literal;
/// - `\x` matches `x` literally;
/// - a segment that is exactly `**` matches any number of whole path segments: zero or more when it leads
///   (`**/notes`) or sits in the middle (`a/**/b`), one or more when it ends the glob (`drafts/**` matches
///   everything inside `drafts`, not `drafts` itself). Elsewhere `**` is the same as `*`.
///
/// Matching is case-sensitive, character by character (Unicode scalars), like git's.
package struct GlobPattern: Sendable, Equatable {
    /// One `/`-separated piece of the glob.
    enum Segment: Sendable, Equatable {
        /// `**`: whole segments.
        case globstar
        /// A pattern for exactly one path segment.
        case pattern([Token])
    }

    /// One element of a segment pattern.
    enum Token: Sendable, Equatable {
        case literal(Unicode.Scalar)
        /// `?`
        case anyCharacter
        /// `*`
        case anyRun
        /// `[…]`: the ranges (a single character is a range of one) and whether the set is negated.
        case set([ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    /// The glob as written.
    package let text: String
    let segments: [Segment]

    /// Parses `text`. Every string is a valid glob (unbalanced brackets are literal).
    package init(_ text: String) {
        self.text = text
        segments = Self.split(Array(text.unicodeScalars)).map { piece in
            piece == ["*", "*"] ? .globstar : .pattern(Self.tokens(piece))
        }
    }

    /// Whether the glob matches `path` (relative, `/`-separated, without a leading `/`).
    package func matches(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        return matches(segment: 0, component: 0, components)
    }

    private func matches(segment: Int, component: Int, _ components: [[Unicode.Scalar]]) -> Bool {
        guard segment < segments.count else { return component == components.count }
        switch segments[segment] {
        case .globstar:
            if segment == segments.count - 1 { return component < components.count }
            for next in component...components.count
            where matches(segment: segment + 1, component: next, components) {
                return true
            }
            return false
        case .pattern(let tokens):
            guard component < components.count, Self.matches(tokens[...], components[component][...]) else {
                return false
            }
            return matches(segment: segment + 1, component: component + 1, components)
        }
    }

    /// Matches one segment pattern against one path segment, backtracking only to the last `*`.
    static func matches(_ tokens: ArraySlice<Token>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        var token = tokens.startIndex, character = name.startIndex
        var lastStar: (token: Int, character: Int)?
        while character < name.endIndex {
            if token < tokens.endIndex {
                switch tokens[token] {
                case .anyRun:
                    lastStar = (token, character)
                    token += 1
                    continue
                case let single where matchesOne(single, name[character]):
                    token += 1
                    character += 1
                    continue
                default:
                    break
                }
            }
            guard let star = lastStar else { return false }
            // Let the last `*` swallow one more character and try again from there.
            lastStar = (star.token, star.character + 1)
            token = star.token + 1
            character = star.character + 1
        }
        return tokens[token...].allSatisfy { $0 == .anyRun }
    }

    private static func matchesOne(_ token: Token, _ scalar: Unicode.Scalar) -> Bool {
        switch token {
        case .literal(let expected): return scalar == expected
        case .anyCharacter: return true
        case .anyRun: return false
        case .set(let ranges, let negated): return ranges.contains { $0.contains(scalar) } != negated
        }
    }

    /// Splits at `/` outside escapes, dropping empty pieces (`a//b`, a leading or trailing `/`).
    private static func split(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var pieces: [[Unicode.Scalar]] = [[]]
        var escaped = false
        for scalar in scalars {
            if scalar == "/" && !escaped {
                pieces.append([])
            } else {
                pieces[pieces.count - 1].append(scalar)
            }
            escaped = !escaped && scalar == "\\"
        }
        return pieces.filter { !$0.isEmpty }
    }

    private static func tokens(_ scalars: [Unicode.Scalar]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\" where index + 1 < scalars.count:
                tokens.append(.literal(scalars[index + 1]))
                index += 2
                continue
            case "*": tokens.append(.anyRun)
            case "?": tokens.append(.anyCharacter)
            case "[":
                if let (set, end) = bracket(scalars, from: index) {
                    tokens.append(set)
                    index = end
                    continue
                }
                tokens.append(.literal(scalar))
            default: tokens.append(.literal(scalar))
            }
            index += 1
        }
        return tokens
    }

    /// Reads `[…]` starting at `start`; returns the set and the index after `]`, or `nil` when unterminated.
    private static func bracket(_ scalars: [Unicode.Scalar], from start: Int) -> (Token, Int)? {
        var index = start + 1
        var negated = false
        if index < scalars.count, scalars[index] == "!" || scalars[index] == "^" {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while index < scalars.count {
            var low = scalars[index]
            if low == "]" && !first { return (.set(ranges, negated: negated), index + 1) }
            first = false
            if low == "\\", index + 1 < scalars.count {
                index += 1
                low = scalars[index]
            }
            if index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] != "]" {
                let high = scalars[index + 2]
                if low <= high { ranges.append(low...high) }
                index += 3
            } else {
                ranges.append(low...low)
                index += 1
            }
        }
        return nil
    }
}
