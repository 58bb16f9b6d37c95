// The test model and a small graph of it, shared by the fuzz harnesses that need a store
// with data (`make fuzz FUZZ=predicate` and `FUZZ=store`).

import Foundation
import ObjectGraph

enum FuzzGraph {
    /// The framework tests' tournament model: inheritance, every kind of relationship and
    /// delete rule, and an entity with an attribute of every type.
    static func model() throws -> ManagedObjectModel {
        let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../ObjectGraphTests/Fixtures")
        return try ManagedObjectModel(contentsOf: fixtures.appending(path: "Tournament.xcdatamodeld"))
    }

    /// A folder of the fuzzer's build folder, made empty (`make clean` removes them all).
    static func emptyDirectory(named name: String) throws -> URL {
        let directory = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../.build-fuzz/\(name)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A small graph with the values predicates trip over: case and diacritic variants, LIKE
    /// wildcards, a NUL, missing values, NaN, negative and fractional numbers.
    static func insert(into context: ManagedObjectContext) throws {
        @discardableResult
        func make(_ entity: String, _ values: [String: Any?]) throws -> ManagedObject {
            let object = try context.insertNewObject(forEntityName: entity)
            for (key, value) in values { try object.setValue(value, forKey: key) }
            return object
        }
        let groups = try ["A", "b"].map { try make("Group", ["name": $0]) }
        let teams = try ["Polen", "Éire", "T12a", "Ünited", "ab%_c", "x\u{0}y"].enumerated().map { index, name in
            try make(
                "Team",
                [
                    "name": name, "code": ["POL", "IRL", "TAB", "UNI", "ABC", "XYZ"][index], "rating": Double(index) * 1.5,
                    "budget": Decimal(index) * Decimal(string: "10.25")!,
                    "founded": Date(timeIntervalSinceReferenceDate: Double(index) * 86_400 - 1e6),
                    "group": index == 4 ? nil : groups[index % 2],
                ])
        }
        var players: [ManagedObject] = []
        for index in 0..<14 {
            players.append(
                try make(
                    "Player",
                    [
                        "name": ["Lewandowski", "Müller", "mu\u{308}ller", "O'Neil", "Łukasz", "ab", "STRASSE"][index % 7],
                        "givenName": index % 3 == 0 ? nil : "G\(index)", "number": Int16(1 + index * 7 % 24),
                        "position": ["GK", "DF", "MF", "FW"][index % 4],
                        "born": index % 4 == 1 ? nil : Date(timeIntervalSinceReferenceDate: Double(index) * -3e7),
                        "team": index % 7 == 6 ? nil : teams[index % teams.count],
                    ]))
        }
        for index in 0..<2 {
            try make("Coach", ["name": "Coach\(index)", "givenName": "C", "team": teams[index]])
            try make(
                "Match",
                [
                    "homeTeam": teams[index], "awayTeam": teams[index + 1], "homeGoals": Int16(index),
                    "awayGoals": index == 1 ? nil : Int16(2), "venue": "Warszawa",
                    "kickoff": Date(timeIntervalSinceReferenceDate: 1e8),
                ])
            try make("Sponsor", ["name": "S\(index)"]).setValue(Set(players.prefix(3 + index * 4)), forKey: "players")
        }
        for index in 0..<4 {
            try make(
                "Sample",
                [
                    "binary": Data([UInt8(index), 0, 2]), "boolean": index % 2 == 0, "count": Int32(index * 1000 - 1),
                    "date": Date(timeIntervalSinceReferenceDate: Double(index)), "decimal": Decimal(string: "\(index).5")!,
                    "double": index == 3 ? Double.nan : Double(index) / 3, "float": Float(index) * 0.25,
                    "string": index == 2 ? nil : "str\(index)", "uri": URL(string: "https://e.org/\(index)"),
                    "uuid": UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index)"),
                ])
        }
    }
}
