extension QueryParser {
    /// Whether `text` holds a phrase quote (`"` or a typographic double quote, ``Lexer/isQuote(_:)``): an
    /// argument that quotes for itself is joined to the others as it is, not quoted again
    /// (`notes-find '“next week” plan' x`).
    package static func holdsPhraseQuote(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: Lexer.isQuote)
    }

    /// A lexical unit of the query.
    enum Token: Equatable {
        case word(String)
        case phrase(String, prefix: Bool, column: QueryColumn?)
        case minus
        case open
        case close
        case bar
        /// A phrase whose opening quote (this one) is never closed.
        case unbalancedQuote(Unicode.Scalar)
    }

    enum Lexer {
        static func tokens(of text: String) -> [Token] {
            var tokens: [Token] = []
            // Scalars, not Characters: a quote followed by a combining mark is one Character but still a quote.
            let characters = Array(text.unicodeScalars)
            var index = 0
            func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }
            while index < characters.count {
                let character = characters[index]
                if isSpace(character) { index += 1; continue }
                switch character {
                case "(": tokens.append(.open); index += 1
                case ")": tokens.append(.close); index += 1
                case "|" where index + 1 == characters.count || isSpace(characters[index + 1]) || characters[index + 1] == "(":
                    tokens.append(.bar); index += 1
                case "-" where index + 1 < characters.count && !isSpace(characters[index + 1]) && characters[index + 1] != "-":
                    tokens.append(.minus); index += 1
                case _ where isQuote(character):
                    let (token, next) = phrase(characters, from: index + 1, column: nil)
                    tokens.append(contentsOf: token)
                    index = next
                default:
                    var end = index
                    while end < characters.count, !isSpace(characters[end]),
                          characters[end] != "(", characters[end] != ")", !isQuote(characters[end]) {
                        end += 1
                    }
                    let word = string(characters[index..<end])
                    if end < characters.count, isQuote(characters[end]), word.hasSuffix(":"),
                       let column = column(named: String(word.dropLast())) {
                        let (token, next) = phrase(characters, from: end + 1, column: column)
                        tokens.append(contentsOf: token)
                        index = next
                    } else {
                        tokens.append(.word(word))
                        index = end
                    }
                }
            }
            return tokens
        }

        /// Reads a phrase body after its opening quote; an unclosed quote runs to the end of the input.
        private static func phrase(_ characters: [Unicode.Scalar], from start: Int, column: QueryColumn?) -> ([Token], Int) {
            var end = start
            while end < characters.count && !isQuote(characters[end]) { end += 1 }
            let text = string(characters[start..<end])
            var tokens: [Token] = []
            if end >= characters.count { tokens.append(.unbalancedQuote(start > 0 ? characters[start - 1] : "\"")) }
            var next = min(end + 1, characters.count)
            var prefix = false
            if next < characters.count && characters[next] == "*" {
                prefix = true
                next += 1
            }
            tokens.append(.phrase(text, prefix: prefix, column: column))
            return (tokens, next)
        }

        /// Whether `scalar` opens or closes a phrase: the ASCII `"` and the typographic double quotes keyboards
        /// type in its place (macOS and iOS by default): `“…”`, `„…“`, `”…”`, `«…»`, `»…«`. Any of them ends a
        /// phrase any of them opened, so a pair of different quotes still quotes, and a lone one is never
        /// glued to a word. Single quotes (`‘’`) are not quotes: `’` is the apostrophe of `it’s`.
        static func isQuote(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "\"", "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{AB}", "\u{BB}": return true
            default: return false
            }
        }

        /// `scalars` as a string, appended one by one (the generic `UnicodeScalarView(_:)` from a slice looked
        /// its conformances up at run time: about 0.04 ms of a one-query process).
        private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
            var view = String.UnicodeScalarView()
            for scalar in scalars { view.append(scalar) }
            return String(view)
        }

        static func column(named name: String) -> QueryColumn? {
            switch name.lowercased() {
            case "title": return .title
            case "body": return .body
            case "tag", "tags": return .tags
            default: return nil
            }
        }
    }
}
