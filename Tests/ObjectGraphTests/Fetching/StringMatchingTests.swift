import Foundation
import Testing

@testable import ObjectGraph

private let c = ComparisonPredicate.Options.caseInsensitive
private let d = ComparisonPredicate.Options.diacriticInsensitive
private let cd: ComparisonPredicate.Options = [.caseInsensitive, .diacriticInsensitive]

/// "é" as one code point and as "e" plus a combining acute accent: canonically equivalent,
/// different bytes.
private let precomposed = "\u{E9}"
private let decomposed = "e\u{301}"

// MARK: Folding

@Test(arguments: [
    ("Ärger", ComparisonPredicate.Options(), "Ärger"),
    ("Ärger", c, "ärger"),
    ("Ärger", d, "Arger"),
    ("Ärger", cd, "arger"),
    ("straße", c, "strasse"),
    ("ÉCOLE", cd, "ecole"),
    (decomposed, d, "e"),
    ("Ødegaard", c, "ødegaard"),
])
func foldingRemovesCaseAndDiacritics(input: String, options: ComparisonPredicate.Options, expected: String) {
    #expect(StringMatching.equalUTF8(StringFolding.fold(input, options), expected))
}

@Test("ASCII text folds as Foundation folds it, every character, under every option")
func asciiFoldingAgreesWithFoundation() {
    for byte in UInt8(0)..<0x80 {
        let text = String(decoding: [byte, UInt8(ascii: "Q"), byte, UInt8(ascii: "z")], as: UTF8.self)
        for options in [c, d, cd] {
            var foundation: String.CompareOptions = []
            if options.contains(.caseInsensitive) { foundation.insert(.caseInsensitive) }
            if options.contains(.diacriticInsensitive) { foundation.insert(.diacriticInsensitive) }
            let expected = text.folding(options: foundation, locale: nil)
            #expect(StringMatching.equalUTF8(StringFolding.fold(text, options), expected), "byte \(byte), \(options)")
        }
    }
}

// MARK: Byte order

@Test(arguments: [
    ("a", "b", -1),
    ("b", "a", 1),
    ("a", "a", 0),
    ("", "", 0),
    ("", "a", -1),
    ("a", "ab", -1),
    ("Z", "a", -1),  // 0x5A before 0x61: uppercase before lowercase
    ("z", "ä", -1),  // 0x7A before 0xC3: ASCII before everything else
    (precomposed, decomposed, 1),  // 0xC3 after 0x65
])
func stringsOrderByTheirUTF8Bytes(a: String, b: String, expected: Int) {
    #expect(StringMatching.compareUTF8(a, b).signum() == expected)
    #expect(StringMatching.compareUTF8(b, a).signum() == -expected)
}

@Test func canonicallyEquivalentStringsAreNotEqualBytes() {
    #expect(precomposed == decomposed)
    #expect(!StringMatching.equalUTF8(precomposed, decomposed))
}

// MARK: BEGINSWITH, ENDSWITH, CONTAINS

@Test(arguments: [
    ("Lewandowski", "Lew", ComparisonPredicate.Options(), true),
    ("Lewandowski", "lew", ComparisonPredicate.Options(), false),
    ("Lewandowski", "lew", c, true),
    ("Österreich", "Oster", d, true),
    ("Österreich", "oster", cd, true),
    ("Lewandowski", "", ComparisonPredicate.Options(), true),
    ("", "", ComparisonPredicate.Options(), true),
    ("Le", "Lew", ComparisonPredicate.Options(), false),
])
func beginsWithComparesFoldedPrefixes(s: String, prefix: String, options: ComparisonPredicate.Options, expected: Bool) {
    #expect(StringMatching.beginsWith(s, prefix, options: options) == expected)
}

@Test(arguments: [
    ("Deutschland", "land", ComparisonPredicate.Options(), true),
    ("Deutschland", "LAND", ComparisonPredicate.Options(), false),
    ("Deutschland", "LAND", c, true),
    ("Café", "cafe", cd, true),
    ("Deutschland", "", ComparisonPredicate.Options(), true),
    ("and", "land", ComparisonPredicate.Options(), false),
])
func endsWithComparesFoldedSuffixes(s: String, suffix: String, options: ComparisonPredicate.Options, expected: Bool) {
    #expect(StringMatching.endsWith(s, suffix, options: options) == expected)
}

@Test(arguments: [
    ("España", "aña", ComparisonPredicate.Options(), true),
    ("España", "ana", ComparisonPredicate.Options(), false),
    ("España", "ANA", cd, true),
    ("España", "", ComparisonPredicate.Options(), true),
    ("", "a", ComparisonPredicate.Options(), false),
    ("aaab", "aab", ComparisonPredicate.Options(), true),
    ("ab", "abc", ComparisonPredicate.Options(), false),
    (precomposed, "e", ComparisonPredicate.Options(), false),
    (decomposed, "e", ComparisonPredicate.Options(), true),  // bytes, not characters
])
func containsSearchesFoldedBytes(s: String, needle: String, options: ComparisonPredicate.Options, expected: Bool) {
    #expect(StringMatching.contains(s, needle, options: options) == expected)
}

// MARK: LIKE

@Test(arguments: [
    ("Lewandowski", "L*", true),
    ("Lewandowski", "*ski", true),
    ("Lewandowski", "*and*", true),
    ("Lewandowski", "Lewandowski", true),
    ("Lewandowski", "Lewandowsk", false),
    ("abc", "a?c", true),
    ("abc", "a?", false),
    ("abc", "???", true),
    ("abc", "????", false),
    ("", "", true),
    ("", "*", true),
    ("", "?", false),
    ("a", "", false),
    ("abc", "*b", false),
    ("aaa", "a*a", true),
    ("abcbc", "*bc", true),
    ("mississippi", "m*iss*pi", true),
    ("mississippi", "m*iss*px", false),
    ("x", "**", true),
    ("a.c", "a.c", true),
    ("abc", "a.c", false),  // no regular expression syntax
    ("a%c", "a%c", true),  // no SQL syntax either
    ("a_c", "a?c", true),
    (decomposed, "?", true),  // one Character of two code points
])
func likeMatchesWildcardsOverTheWholeString(s: String, pattern: String, expected: Bool) {
    #expect(StringMatching.like(s, pattern: pattern, options: []) == expected)
}

@Test(arguments: [
    ("ÄBC", "a*", ComparisonPredicate.Options(), false),
    ("ÄBC", "a*", c, false),
    ("ÄBC", "ä*", c, true),
    ("ÄBC", "a*", cd, true),
    ("Müller", "mull?r", cd, true),
])
func likeFoldsBothSides(s: String, pattern: String, options: ComparisonPredicate.Options, expected: Bool) {
    #expect(StringMatching.like(s, pattern: pattern, options: options) == expected)
}

// MARK: MATCHES

@Test(
    arguments: [
        ("abc", "a.c", ComparisonPredicate.Options(), true),
        ("abc", "b", ComparisonPredicate.Options(), false),  // the whole string must match
        ("abc", "a", ComparisonPredicate.Options(), false),
        ("ab", "a|ab", ComparisonPredicate.Options(), true),  // backtracks to a whole match
        ("GER", "[A-Z]{3}", ComparisonPredicate.Options(), true),
        ("ger", "[A-Z]{3}", ComparisonPredicate.Options(), false),
        ("ger", "[A-Z]{3}", c, true),
        ("Ärger", "Arger", d, true),
        ("Ärger", "arger", cd, true),
        ("line\n", "line", ComparisonPredicate.Options(), false),  // no match before a final line break
        ("", ".*", ComparisonPredicate.Options(), true),
        ("", "", ComparisonPredicate.Options(), true),
        ("a", "", ComparisonPredicate.Options(), false),
    ] as [(String, String, ComparisonPredicate.Options, Bool)])
func matchesNeedsTheWholeStringToMatch(s: String, regex: String, options: ComparisonPredicate.Options, expected: Bool)
    throws
{
    #expect(try StringMatching.matches(s, regex: regex, options: options) == expected)
}

@Test(arguments: ["(", "[a-", "a{2,1}", "a)|(b"])
func invalidRegularExpressionsThrow(pattern: String) {
    #expect(throws: UnsupportedFetchError.self) {
        try StringMatching.matches("a", regex: pattern, options: [])
    }
}

@Test func compiledRegularExpressionsAreCached() throws {
    let first = try StringMatching.regularExpression("[0-9]+-cache", caseInsensitive: false)
    let second = try StringMatching.regularExpression("[0-9]+-cache", caseInsensitive: false)
    let insensitive = try StringMatching.regularExpression("[0-9]+-cache", caseInsensitive: true)
    #expect(first === second)
    #expect(first !== insensitive)
}

/// `LIKE` agrees with the regular expression it stands for on random short inputs.
@Test func likeAgreesWithARegularExpressionReference() throws {
    var generator = SeededGenerator(seed: 7)
    func random(_ alphabet: [Character], upTo length: UInt64) -> String {
        let count = Int(generator.next() % (length + 1))
        return String((0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }
    for _ in 0..<3_000 {
        let s = random(["a", "b"], upTo: 6)
        let pattern = random(["a", "b", "*", "?"], upTo: 5)
        let regex = pattern.map { $0 == "*" ? ".*" : $0 == "?" ? "." : String($0) }.joined()
        let expected = try StringMatching.matches(s, regex: regex, options: [])
        #expect(StringMatching.like(s, pattern: pattern, options: []) == expected, "'\(s)' LIKE '\(pattern)'")
    }
}
