import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import EMPlanner

/// A tournament on its own temporary store, with the directory kept alive alongside it.
struct TestTournament {
    let directory: TemporaryDirectory
    let kind: StoreKind
    let tournament: Tournament

    /// An empty (unseeded) tournament.
    init(_ kind: StoreKind) throws {
        directory = try TemporaryDirectory(prefix: "EMPlannerTests")
        self.kind = kind
        switch kind {
        case .inMemory: tournament = try Tournament(store: .memory)
        case .sqlite: tournament = try Tournament(store: .file(directory.file("em.sqlite")))
        case .postgreSQL:
            tournament = try Tournament(
                store: .server(try PostgreSQLTestServer.connectionURL(), schema: PostgreSQLTestServer.newSchema()))
        }
    }

    /// A tournament seeded from the bundled EURO 2012 (or `setup`).
    static func seeded(_ kind: StoreKind, from setup: SetupData? = nil) throws -> TestTournament {
        let test = try TestTournament(kind)
        try test.tournament.interchange.seedIfNeeded(from: setup)
        return test
    }

    /// A second tournament on the same file or schema (a new context reading what was saved);
    /// for memory stores the same tournament.
    func reopened() throws -> Tournament {
        guard tournament.store != .memory else { return tournament }
        return try Tournament(store: tournament.store)
    }
}

/// The kind of a thrown error, if it is a ``PlannerError``.
func plannerKind(_ body: () throws -> Void) -> PlannerError.Kind? {
    plannerError(body)?.kind
}

/// The ``SetupError`` thrown by parsing `plist`, if any.
func setupError(_ plist: String, source: String = "broken.plist") -> SetupError? {
    do {
        _ = try SetupData(plist: Data(plist.utf8), source: source)
        return nil
    } catch {
        return error
    }
}

/// A small, valid setup: two groups of two teams, a few players, three matches.
func smallSetup() -> SetupData {
    func player(_ number: Int, _ name: String, _ position: String = "MF") -> SetupData.PlayerEntry {
        SetupData.PlayerEntry(
            number: number, givenname: "Given", name: name, position: position, club: "Club", born: "1990-01-0\(number % 9 + 1)")
    }
    let kickoff = { (text: String) in KickoffFormat.parse(text)!.0 }
    return SetupData(
        tournament: "Mini Cup",
        groups: [
            .init(
                name: "A",
                teams: [
                    .init(
                        name: "Deutschland", englishName: "Germany", code: "GER", coach: .init(givenname: "Joachim", name: "Löw"),
                        players: [player(1, "Neuer", "GK"), player(13, "Müller", "FW")]),
                    .init(
                        name: "Österreich", englishName: "Austria", code: "AUT", coach: nil, players: [player(1, "Almer", "GK")]),
                ]),
            .init(
                name: "B",
                teams: [
                    .init(
                        name: "Polen", englishName: "Poland", code: "POL", coach: .init(givenname: nil, name: "Smuda"),
                        players: []),
                    .init(
                        name: "Portugal", englishName: "Portugal", code: "POR", coach: nil, players: [player(7, "Ronaldo", "FW")]),
                ]),
        ],
        matches: [
            .init(
                home: "Deutschland", away: "Österreich", kickoff: kickoff("2012-06-08T18:00:00+02:00"), timeZone: "Europe/Warsaw",
                venue: "Stadion Narodowy", city: "Warsaw", round: "group", group: "A"),
            .init(
                home: "Polen", away: "Portugal", kickoff: kickoff("2012-06-08T20:45:00+02:00"), timeZone: "Europe/Kiev",
                venue: "Olympic Stadium", city: "Kyiv", round: "group", group: "B"),
            .init(
                home: "Deutschland", away: "Portugal", kickoff: kickoff("2012-06-20T20:45:00+02:00"), timeZone: "Europe/Kiev",
                venue: "Olympic Stadium", city: "Kyiv", round: "final", group: nil),
        ])
}

/// The error `body` throws, if it is a ``PlannerError``.
func plannerError(_ body: () throws -> Void) -> PlannerError? {
    do {
        try body()
        return nil
    } catch let error as PlannerError {
        return error
    } catch {
        Issue.record("expected a PlannerError, got \(type(of: error)): \(error)")
        return nil
    }
}
