import Foundation
import Testing

@testable import EMPlanner

/// One statement of a published "who needs what" before a group's last matchday, with the
/// check that the planner agrees with it; the statement's words are in the fixture
/// `Fixtures/who-needs-what/euroYEAR-md3.md` under its id.
struct PublishedStatement: Sendable, CustomTestStringConvertible {
    /// The edition.
    var edition: StatementEdition
    /// The statement's id in the fixture: the group's letter and a number, `A3`.
    var id: String
    /// The address of the source, as the fixture gives it.
    var source: String
    /// The groups that had finished when the statement was made (groups finish on different
    /// days); every other group's last matchday is open.
    var settled: Set<String> = []
    /// Checks the statement against the group as it stood before its last matchday.
    var check: @Sendable (LastMatchday) throws -> Void

    /// The group's name.
    var group: String { String(id.prefix(1)) }

    var testDescription: String { "EURO \(edition.rawValue) \(id), \(source)" }

    /// The group before its last matchday, and the check run against it.
    func verify() throws {
        try check(try LastMatchday(edition, group: group, settled: settled))
    }

    /// The statements of an edition's fixture, by id, with the address of each one's source.
    static func fixture(_ edition: StatementEdition) throws -> [String: String] {
        let url = try #require(
            Bundle.module.url(
                forResource: "euro\(edition.rawValue)-md3", withExtension: "md", subdirectory: "Fixtures/who-needs-what"))
        var sources: [String: String] = [:]
        var statements: [String: String] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("source "), let colon = line.firstIndex(of: ":") {
                let label = line.dropFirst("source ".count).prefix { $0 != ":" }
                let address = line[line.index(after: colon)...].drop { $0 == " " }.prefix { $0 != " " }
                sources[String(label)] = String(address)
            } else if line.hasPrefix("- "), let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")") {
                let id = line.dropFirst(2).prefix { $0 != " " }
                let label = String(line[line.index(after: open)..<close])
                statements[String(id)] = try #require(sources[label], "statement \(id): no source \(label)")
            }
        }
        return statements
    }
}
