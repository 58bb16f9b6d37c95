import Foundation
import Synchronization

/// The one way strings are folded for `[c]` and `[d]`, shared by the in-memory evaluator and
/// the SQLite store (which registers it as an SQL function), so both stores agree on what
/// "equal ignoring case" means.
enum StringFolding {
    /// `s` with case and/or diacritics folded away, or `s` itself for empty options.
    ///
    /// Case folding is full Unicode case folding (`"straße"` folds to `"strasse"`); diacritic
    /// folding removes combining marks (`"Ärger"` folds to `"Arger"`). Neither depends on the
    /// current locale.
    ///
    /// - Parameters:
    ///   - s: The string to fold.
    ///   - options: `.caseInsensitive` and/or `.diacriticInsensitive`.
    /// - Returns: The folded string.
    static func fold(_ s: String, _ options: ComparisonPredicate.Options) -> String {
        var compareOptions: String.CompareOptions = []
        if options.contains(.caseInsensitive) { compareOptions.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { compareOptions.insert(.diacriticInsensitive) }
        guard !compareOptions.isEmpty else { return s }
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, as codes and most names are: no character has a diacritic, and case folding
            // lowers A to Z, as Foundation's folding does, at a fiftieth of its cost.
            guard compareOptions.contains(.caseInsensitive), s.utf8.contains(where: isCapital) else { return s }
            return String(decoding: s.utf8.map { isCapital($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return s.folding(options: compareOptions, locale: nil)
    }

    /// Whether `byte` is an ASCII capital letter.
    private static func isCapital(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
}

/// String operators of predicates, defined on UTF-8 bytes so that they agree with SQLite's
/// `BINARY` collation: two strings are equal only when their bytes are, whatever Unicode
/// canonical equivalence says.
enum StringMatching {
    // MARK: Order

    /// Orders two strings by their UTF-8 bytes, as SQLite's `BINARY` collation does.
    ///
    /// - Returns: A negative number when `a` sorts first, 0 when the bytes are equal, a positive
    ///   number when `b` sorts first.
    /// - Complexity: O(*n*) in the length of the common prefix.
    static func compareUTF8(_ a: String, _ b: String) -> Int {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?) where x != y: return x < y ? -1 : 1
            default: continue
            }
        }
    }

    /// Whether two strings have the same UTF-8 bytes.
    static func equalUTF8(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8)
    }

    // MARK: BEGINSWITH, ENDSWITH, CONTAINS

    /// `BEGINSWITH`: whether the folded bytes of `s` start with those of `prefix`; true for an
    /// empty prefix.
    static func beginsWith(_ s: String, _ prefix: String, options: ComparisonPredicate.Options) -> Bool {
        let s = StringFolding.fold(s, options)
        let prefix = StringFolding.fold(prefix, options)
        return s.utf8.starts(with: prefix.utf8)
    }

    /// `ENDSWITH`: whether the folded bytes of `s` end with those of `suffix`; true for an
    /// empty suffix.
    static func endsWith(_ s: String, _ suffix: String, options: ComparisonPredicate.Options) -> Bool {
        let s = StringFolding.fold(s, options)
        let suffix = StringFolding.fold(suffix, options)
        return s.utf8.reversed().starts(with: suffix.utf8.reversed())
    }

    /// `CONTAINS`: whether the folded bytes of `needle` occur in those of `s`; true for an
    /// empty needle.
    ///
    /// - Complexity: O(*n* × *m*) in the lengths of `s` and `needle`.
    static func contains(_ s: String, _ needle: String, options: ComparisonPredicate.Options) -> Bool {
        let haystack = Array(StringFolding.fold(s, options).utf8)
        let needle = Array(StringFolding.fold(needle, options).utf8)
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }

    // MARK: LIKE

    /// `LIKE`: whether the whole of `s` matches `pattern`, where `*` matches any run of
    /// characters (the empty one too), `?` exactly one `Character`, and everything else itself.
    ///
    /// Both strings are folded first; characters compare by their UTF-8 bytes. There is no
    /// escape character.
    ///
    /// - Complexity: O(*n* × *m*) in the worst case, in the lengths of `s` and `pattern`; no
    ///   recursion and no regular expression.
    static func like(_ s: String, pattern: String, options: ComparisonPredicate.Options) -> Bool {
        let text = Array(StringFolding.fold(s, options))
        let pattern = Array(StringFolding.fold(pattern, options))
        var t = 0
        var p = 0
        // Where the last `*` was and the text position it is currently assumed to end at.
        var star: Int?
        var starText = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                starText = t
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || text[t].utf8.elementsEqual(pattern[p].utf8) {
                t += 1
                p += 1
            } else if let star {
                // Let the last `*` swallow one more character and retry after it.
                starText += 1
                t = starText
                p = star + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    // MARK: MATCHES

    /// `MATCHES`: whether the regular expression matches the *whole* of `s` (ICU syntax, as
    /// `NSRegularExpression` reads it).
    ///
    /// `[c]` compiles the expression case-insensitively; `[d]` folds diacritics out of `s`
    /// only, so the pattern should be written without them.
    ///
    /// - Throws: ``UnsupportedFetchError`` when `regex` is not a valid expression.
    /// - Complexity: Compiles the expression once; compiled expressions are cached.
    static func matches(_ s: String, regex: String, options: ComparisonPredicate.Options) throws -> Bool {
        let expression = try regularExpression(regex, caseInsensitive: options.contains(.caseInsensitive))
        let subject = StringFolding.fold(s, options.intersection(.diacriticInsensitive))
        let range = NSRange(subject.startIndex..<subject.endIndex, in: subject)
        return expression.firstMatch(in: subject, options: [], range: range) != nil
    }

    /// The compiled form of a `MATCHES` pattern, anchored at both ends.
    ///
    /// - Throws: ``UnsupportedFetchError`` when `pattern` is not a valid expression.
    static func regularExpression(_ pattern: String, caseInsensitive: Bool) throws -> NSRegularExpression {
        let key = RegexKey(pattern: pattern, caseInsensitive: caseInsensitive)
        if let cached = regexCache.withLock({ $0[key] }) { return cached.expression }
        let expression: NSRegularExpression
        do {
            // The pattern must be valid on its own: "a)|(b" only looks valid once wrapped.
            // (NSRegularExpression refuses the empty pattern, which matches the empty string.)
            if !pattern.isEmpty { _ = try NSRegularExpression(pattern: pattern) }
            // `\A…\z` rather than `^…$`: `$` also matches before a final line break.
            expression = try NSRegularExpression(
                pattern: "\\A(?:\(pattern))\\z", options: caseInsensitive ? [.caseInsensitive] : [])
        } catch {
            throw UnsupportedFetchError(fragment: pattern, reason: "MATCHES needs a valid regular expression")
        }
        regexCache.withLock { cache in
            if cache.count >= regexCacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = CachedRegex(expression: expression)
        }
        return expression
    }

    private struct RegexKey: Hashable {
        var pattern: String
        var caseInsensitive: Bool
    }

    /// A compiled expression; `NSRegularExpression` is immutable and safe to share.
    private struct CachedRegex: @unchecked Sendable {
        var expression: NSRegularExpression
    }

    /// How many compiled patterns are kept before the cache starts over.
    private static let regexCacheLimit = 64
    private static let regexCache = Mutex<[RegexKey: CachedRegex]>([:])
}
