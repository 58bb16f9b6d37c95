import Testing

@testable import EMPlanner

/// Against the real world: the planner against every statement of the "who needs what"
/// published before the last group matchday of EURO 2024, 2020, 2016 and 2012.
///
/// The statements are in `Fixtures/who-needs-what/`, each test names its statement's source.
@Suite("Who needs what")
struct WhoNeedsWhatTests {
    @Test("EURO 2024 before matchday 3: the planner agrees", arguments: WhoNeedsWhat2024.statements)
    func euro2024(_ statement: PublishedStatement) throws {
        try statement.verify()
    }

    @Test("EURO 2020 before matchday 3: the planner agrees with UEFA", arguments: WhoNeedsWhat2020.statements)
    func euro2020(_ statement: PublishedStatement) throws {
        try statement.verify()
    }

    @Test("EURO 2016 before matchday 3: the planner agrees", arguments: WhoNeedsWhat2016.statements)
    func euro2016(_ statement: PublishedStatement) throws {
        try statement.verify()
    }

    @Test("EURO 2012 before matchday 3: the planner agrees", arguments: WhoNeedsWhat2012.statements)
    func euro2012(_ statement: PublishedStatement) throws {
        try statement.verify()
    }

    @Test(
        "Every statement of the fixtures has a check, with its source, and every check a statement",
        arguments: [
            (StatementEdition.euro2024, WhoNeedsWhat2024.statements), (.euro2012, WhoNeedsWhat2012.statements),
            (.euro2020, WhoNeedsWhat2020.statements), (.euro2016, WhoNeedsWhat2016.statements),
        ])
    func everyStatementChecked(edition: StatementEdition, statements: [PublishedStatement]) throws {
        let checked = Dictionary(statements.map { ($0.id, $0.source) }, uniquingKeysWith: { first, _ in first })
        #expect(checked.count == statements.count, "an id is checked twice")
        #expect(checked == (try PublishedStatement.fixture(edition)))
    }
}
