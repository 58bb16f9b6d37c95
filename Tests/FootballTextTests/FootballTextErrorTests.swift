import FootballText
import Testing

/// Lines the parsers do not understand: located errors, and lenient mode's warnings.
struct FootballTextErrorTests {
    private static let header = "= Euro 2024\n\n▪ Group A\nFri Jun 14\n"

    /// The error parsing `text` throws, or nil if it throws none.
    private func matchFileError(_ text: String) -> FootballTextError? {
        do throws(FootballTextError) {
            _ = try FootballTextParser().parse(text, fileName: "euro.txt")
            return nil
        } catch {
            return error
        }
    }

    /// The error parsing the squad `text` throws, or nil if it throws none.
    private func squadError(_ text: String) -> FootballTextError? {
        do throws(FootballTextError) {
            _ = try FootballTextSquadParser().parse(text, fileName: "squad.txt")
            return nil
        } catch {
            return error
        }
    }

    @Test func missingScore() throws {
        let error = try #require(matchFileError(Self.header + "  21:00  Italy\n"))
        #expect(error.line == 5)
        #expect(error.column == 15)
        #expect(error.message == "expected a score or 'v' after 'Italy'")
        #expect(error.lineText == "  21:00  Italy")
        #expect(error.description == "euro.txt:5:15: expected a score or 'v' after 'Italy'")
    }

    @Test func missingAwayTeam() throws {
        let error = try #require(matchFileError(Self.header + "  21:00  Italy  2-1\n"))
        #expect(error.line == 5)
        #expect(error.column == 20)
        #expect(error.message == "expected a team name after the score")
    }

    @Test func unknownScoreNote() throws {
        let error = try #require(matchFileError(Self.header + "  21:00  Italy 2-1 Spain  (x)\n"))
        #expect(error.line == 5)
        #expect(error.column == 28)
        #expect(error.message == "unknown score note 'x'")
    }

    @Test func unknownGoalNote() throws {
        let error = try #require(matchFileError(Self.header + "  Italy  2-1  Spain\n    (Totti 3' (xx); Villa 5')\n"))
        #expect(error.line == 6)
        #expect(error.column == 16)
        #expect(error.message == "unknown goal note 'xx'")
    }

    @Test func unclosedScorerList() throws {
        let error = try #require(matchFileError(Self.header + "  Italy  2-1  Spain\n    (Totti 3',\n     Vieri 80'\n\n"))
        #expect(error.line == 6)
        #expect(error.column == 5)
        #expect(error.message == "unclosed '(' in the scorer list")
    }

    @Test func badLineupSeparator() throws {
        let error = try #require(matchFileError(Self.header + "  Italy  2-1  Spain\n    Italy: Buffon, Nesta; Cannavaro\n"))
        #expect(error.line == 6)
        #expect(error.column == 25)
        #expect(error.message == "expected ',' or ' - ' after 'Nesta'")
    }

    @Test func impossibleDate() throws {
        let error = try #require(matchFileError("= Euro 2024\nJun 31\n"))
        #expect(error.line == 2)
        #expect(error.column == 5)
        #expect(error.message == "no such date: day 31 of Jun 2024")
    }

    @Test func scorersWithoutMatch() throws {
        let error = try #require(matchFileError("= Euro 2024\n(Totti 3')\n"))
        #expect(error.line == 2)
        #expect(error.column == 1)
        #expect(error.message == "scorer list without a match above it")
    }

    @Test func badSquadRows() throws {
        let number = try #require(squadError("==\n=  Germany - Euro 2024\n  x,  Name,  GK\n"))
        #expect(number.line == 3)
        #expect(number.column == 3)
        #expect(number.message == "expected a shirt number")
        let position = try #require(squadError("==\n=  Germany - Euro 2024\n  1,  Name,  G1\n"))
        #expect(position.line == 3)
        #expect(position.column == 14)
        #expect(position.message == "expected a position such as GK, DF, MF or FW")
    }

    @Test func lenientModeSkipsAndWarns() throws {
        let text =
            Self.header
            + "  21:00  Germany  5-1  Scotland\n"
            + "  this is not a match\n"
            + "    (Wirtz 10' (zz))\n"
            + "  18:00  Hungary  1-3  Switzerland\n"
        let (document, warnings) = try FootballTextParser().parse(text, fileName: "messy.txt", lenient: true)
        #expect(warnings.count == 2)
        #expect(warnings.map(\.location.line) == [6, 7])
        #expect(document.matches.count == 2)
        #expect(document.matches.allSatisfy { $0.goals.isEmpty })
        #expect(matchFileError(text)?.line == 6)
    }

    @Test func lenientSquad() throws {
        let text = "=  X - Y\n 1, A, GK\n oops\n 2, B, DF\n"
        let (squad, warnings) = try FootballTextSquadParser().parse(text, lenient: true)
        #expect(warnings.count == 1)
        #expect(squad.players.count == 2)
    }
}
