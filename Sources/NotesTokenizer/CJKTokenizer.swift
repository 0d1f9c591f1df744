import CSQLite
import SQLiteKit

/// The FTS5 tokenizer that makes Korean, Chinese and Japanese text searchable by substring while every other
/// script keeps `unicode61` word semantics.
///
/// It wraps `unicode61` (so case folding, `remove_diacritics` and the separator rules are unchanged) and
/// post-processes each of its tokens:
///
/// - a token without CJK characters passes through untouched (`catalog` stays one token; `log` never
///   matches it);
/// - a token that mixes scripts is split where the script changes (`SQLite를` → `sqlite` + `를`); the
///   non-CJK parts go through `unicode61` again, so they are folded exactly as before;
/// - a run of CJK characters (``CJKScript``) becomes overlapping bigrams, each carrying the byte offsets of
///   exactly its two characters: `국회의원은` → `국회 회의 의원 원은`, plus the unigram `은` for the last
///   character of the run in documents.
///
/// At query time (`FTS5_TOKENIZE_QUERY`) a run of two or more characters yields only its bigrams, which
/// FTS5 matches as a phrase, so a query finds the run anywhere inside a longer one. The final unigram is
/// added only when another token follows in the same query string (there the document's run must end too).
/// A one-character run yields the character itself: it matches a document unigram, and as a prefix query
/// (`국*`) also every bigram that starts with it, which together are all the places it occurs.
///
/// Register it on a connection with ``register(on:)`` before any statement touches a table using it.
package enum CJKTokenizer {
    /// The version of the token stream. Bump it whenever the tokens produced for some text change: indexes
    /// record the tokenizer name and are rebuilt when it differs.
    package static let version = 1

    /// The name the tokenizer is registered under; it carries ``version``.
    package static let name = "notes_cjk_v\(version)"

    /// Names of earlier versions, registered as aliases of the current implementation only so that an index
    /// created with one can still be opened, and then rebuilt with ``name``.
    package static let legacyNames: [String] = []

    /// The arguments the index passes (they go on to the wrapped `unicode61`).
    package static let arguments = "remove_diacritics 2"

    /// The `tokenize=` option of a table using this tokenizer: `notes_cjk_v1 remove_diacritics 2`.
    package static var tokenizeOption: String { "\(name) \(arguments)" }

    /// Registers the tokenizer (under ``name`` and the ``legacyNames``) and the auxiliary functions
    /// (``MatchHighlighter``, ``SnippetFunction``) on the connection `db`.
    ///
    /// Returns an SQLite result code: `SQLITE_OK` (0), or `SQLITE_ERROR` when this SQLite has no FTS5.
    @discardableResult
    package static func register(on db: OpaquePointer) -> Int32 {
        guard let api = FTS5API.of(db) else { return SQLITE_ERROR }
        for registeredName in [name] + legacyNames {
            let module = Unmanaged.passRetained(TokenizerModule(api: api)).toOpaque()
            var methods = fts5_tokenizer(
                xCreate: { context, arguments, count, output in
                    CJKTokenizer.create(context: context, arguments: arguments, count: count, output: output)
                },
                xDelete: { tokenizer in
                    guard let tokenizer else { return }
                    Unmanaged<TokenizerInstance>.fromOpaque(UnsafeRawPointer(tokenizer)).release()
                },
                xTokenize: { tokenizer, context, flags, text, length, output in
                    CJKTokenizer.tokenize(tokenizer, context: context, flags: flags, text: text, length: length,
                                          output: output)
                })
            let result = api.pointee.xCreateTokenizer(api, registeredName, module, &methods) { module in
                guard let module else { return }
                Unmanaged<TokenizerModule>.fromOpaque(module).release()
            }
            if result != SQLITE_OK {
                Unmanaged<TokenizerModule>.fromOpaque(module).release()
                return result
            }
        }
        let result = MatchHighlighter.register(api)
        return result == SQLITE_OK ? SnippetFunction.register(api) : result
    }

    // MARK: - xCreate / xTokenize

    private static func create(context: UnsafeMutableRawPointer?, arguments: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
                               count: Int32, output: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
        guard let context, let output else { return SQLITE_MISUSE }
        let module = Unmanaged<TokenizerModule>.fromOpaque(context).takeUnretainedValue()
        var baseContext: UnsafeMutableRawPointer?
        var base = fts5_tokenizer()
        var result = module.api.pointee.xFindTokenizer(module.api, "unicode61", &baseContext, &base)
        guard result == SQLITE_OK, let baseCreate = base.xCreate else { return result == SQLITE_OK ? SQLITE_ERROR : result }
        // Two unicode61 instances: the second re-tokenizes slices of a token from inside the first's callback.
        var primary: OpaquePointer?
        var secondary: OpaquePointer?
        result = baseCreate(baseContext, arguments, count, &primary)
        if result == SQLITE_OK { result = baseCreate(baseContext, arguments, count, &secondary) }
        guard result == SQLITE_OK, let primary, let secondary else {
            if let primary { base.xDelete?(primary) }
            if let secondary { base.xDelete?(secondary) }
            return result == SQLITE_OK ? SQLITE_ERROR : result
        }
        let instance = TokenizerInstance(base: base, primary: primary, secondary: secondary)
        output.pointee = OpaquePointer(Unmanaged.passRetained(instance).toOpaque())
        return SQLITE_OK
    }

    private static func tokenize(_ tokenizer: OpaquePointer?, context: UnsafeMutableRawPointer?, flags: Int32,
                                 text: UnsafePointer<CChar>?, length: Int32, output: TokenCallback?) -> Int32 {
        guard let tokenizer, let output, let baseTokenize = Unmanaged<TokenizerInstance>
            .fromOpaque(UnsafeRawPointer(tokenizer)).takeUnretainedValue().base.xTokenize else { return SQLITE_MISUSE }
        guard let text, length > 0 else { return SQLITE_OK }
        let instance = Unmanaged<TokenizerInstance>.fromOpaque(UnsafeRawPointer(tokenizer)).takeUnretainedValue()
        var call = TokenizeCall(instance: instance, text: text, context: context, output: output,
                                isQuery: flags & FTS5_TOKENIZE_QUERY != 0, flags: flags)
        return withUnsafeMutablePointer(to: &call) { pointer in
            let result = baseTokenize(instance.primary, UnsafeMutableRawPointer(pointer), flags, text, length) {
                context, tokenFlags, token, length, start, end in
                guard let context else { return SQLITE_MISUSE }
                return TokenizeCall.receive(context.assumingMemoryBound(to: TokenizeCall.self), flags: tokenFlags,
                                            token: token, length: length, start: start, end: end)
            }
            if result != SQLITE_OK { return result }
            return TokenizeCall.finish(pointer)
        }
    }
}

/// The C type of FTS5's per-token callback.
typealias TokenCallback = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32

/// What xCreate needs: the connection's `fts5_api`, to find `unicode61`.
final class TokenizerModule {
    let api: UnsafeMutablePointer<fts5_api>
    init(api: UnsafeMutablePointer<fts5_api>) { self.api = api }
}

/// One tokenizer instance (one per FTS5 table and argument list): two wrapped `unicode61` instances.
final class TokenizerInstance {
    let base: fts5_tokenizer
    let primary: OpaquePointer
    let secondary: OpaquePointer

    init(base: fts5_tokenizer, primary: OpaquePointer, secondary: OpaquePointer) {
        self.base = base
        self.primary = primary
        self.secondary = secondary
    }

    deinit {
        base.xDelete?(primary)
        base.xDelete?(secondary)
    }
}
