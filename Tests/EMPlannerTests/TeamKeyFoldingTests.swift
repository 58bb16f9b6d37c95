import Testing

@testable import EMPlanner

/// Team names, codes and aliases compare folded (case, diacritics, whitespace around); the
/// check that compares without folding both sides agrees with folding both.
@Suite("Team key folding")
struct TeamKeyFoldingTests {
    static let texts = [
        "Spanien", "spanien", "SPANIEN", "Spain", "ESP", "esp", " Spanien", "Spanien\t", "Türkiye", "Turkiye", "TÜRKIYE",
        "Österreich", "Osterreich", "oesterreich", "Côte d'Ivoire", "Cote d'Ivoire", "", " ", "A", "a", "Straße",
        "STRASSE", "Team 0001", "team 0001", "Team 0002", "Mannschaft\n",
    ]

    @Test("fold(_:equals:) agrees with folding both sides", arguments: texts)
    func agreesWithFolding(_ text: String) {
        for other in Self.texts {
            let folded = TournamentRules.fold(other)
            #expect(
                TournamentRules.fold(text, equals: folded) == (TournamentRules.fold(text) == folded),
                "\(text.debugDescription) against \(other.debugDescription)")
        }
    }
}
