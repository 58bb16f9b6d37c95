/// Reads Football.TXT match files (openfootball's `euro.txt`, `cup.txt`) into a `FootballTextDocument`.
///
/// Every line must be understood: a title (`= Euro 1968`), a comment (`# …`, also at the end
/// of a line), a group declaration (`Group A | Germany   Scotland …`), a round header
/// (`▪ Semi-finals`) or matchday declaration (`▪ Matchday 1 | Fri Jun 14 - Tue Jun 18`), a
/// date line (`Fri Jun 14`, `June 14 20:00 @ Antwerpen, Bosuil`), a match line, or a scorer
/// list, line-up (`Germany: …`) or shoot-out (`Penalties: …`) under a match, which may go on
/// over several lines. Any other line is an error located at its line and column.
public struct FootballTextParser: Sendable {
    /// A parser.
    public init() {}

    /// Reads `text`, the content of the file `fileName` (used in errors and warnings only).
    ///
    /// With `lenient`, a line (or a scorer list or line-up over several lines) that is not
    /// understood is skipped and reported in `warnings` instead of being thrown.
    public func parse(
        _ text: String,
        fileName: String = "euro.txt",
        lenient: Bool = false
    ) throws(FootballTextError) -> (document: FootballTextDocument, warnings: [FootballTextWarning]) {
        var parser = DocumentParser(text: text, fileName: fileName, lenient: lenient)
        try parser.run()
        return (parser.document, parser.warnings)
    }
}
