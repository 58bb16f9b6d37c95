/// Reads openfootball squad files into a `FootballTextSquad`.
///
/// Lines: a rule of `=` signs (ignored), the header `=  Germany - Euro 2024`, comments, blank
/// lines, and rows `number, name, position, caps/goals, b. year, club (country)`; the fields
/// after the position may each be left out. Any other line is an error located at its line
/// and column.
public struct FootballTextSquadParser: Sendable {
    /// A parser.
    public init() {}

    /// Reads `text`, the content of the file `fileName` (used in errors and warnings only).
    ///
    /// With `lenient`, a line that is not understood is skipped and reported in `warnings`.
    public func parse(
        _ text: String,
        fileName: String = "squad.txt",
        lenient: Bool = false
    ) throws(FootballTextError) -> (squad: FootballTextSquad, warnings: [FootballTextWarning]) {
        let lines = SourceLine.split(text)
        var squad = FootballTextSquad(team: "")
        var hasHeader = false
        var warnings: [FootballTextWarning] = []
        for line in lines {
            if let comment = line.comment { squad.comments.append(comment) }
            if line.isEmpty { continue }
            do throws(SyntaxIssue) {
                let bytes = Array(line.content)
                if bytes[0] == ByteClass.equals {
                    var start = 0
                    while start < bytes.count, bytes[start] == ByteClass.equals { start += 1 }
                    let header = ByteClass.cleanText(bytes, start..<bytes.count)
                    if header.isEmpty { continue }
                    guard !hasHeader else { throw SyntaxIssue(0, "a second header line") }
                    hasHeader = true
                    let headerBytes = Array(header.utf8)
                    var dash = headerBytes.count - 2
                    while dash > 0,
                        !(headerBytes[dash] == ByteClass.dash && headerBytes[dash - 1] == ByteClass.space
                            && headerBytes[dash + 1] == ByteClass.space)
                    {
                        dash -= 1
                    }
                    if dash > 0 {
                        squad.team = ByteClass.cleanText(headerBytes, 0..<dash)
                        let tournament = ByteClass.cleanText(headerBytes, (dash + 1)..<headerBytes.count)
                        squad.tournament = tournament.isEmpty ? nil : tournament
                    } else {
                        squad.team = header
                    }
                    if squad.team.isEmpty { throw SyntaxIssue(start, "expected the team's name in the header") }
                    continue
                }
                guard hasHeader else { throw SyntaxIssue(0, "expected the header '=  Team - Tournament' before the players") }
                squad.players.append(try SquadRowParser.parse(bytes))
            } catch {
                let location = FootballTextLocation(
                    fileName: fileName,
                    line: line.number,
                    column: line.column(ofByte: line.contentStart + error.offset),
                    lineText: line.text
                )
                let failure = FootballTextError(location: location, message: error.message)
                guard lenient else { throw failure }
                warnings.append(FootballTextWarning(failure))
            }
        }
        guard hasHeader else {
            let location = FootballTextLocation(fileName: fileName, line: 1, column: 1, lineText: lines.first?.text ?? "")
            let failure = FootballTextError(location: location, message: "expected the header '=  Team - Tournament'")
            throw failure
        }
        return (squad, warnings)
    }
}
