import Foundation
import ObjectGraph
import Testing

/// Literals compared with key paths of another type: converted by the documented rule (ISO 8601
/// strings against dates) or refused when the fetch is resolved, naming the key path, its type
/// and the literal; the same in SQL and in memory.
@Suite("Typed comparisons")
struct TypedComparisonTests {
    /// Three players born on known days, two of them in a team; a sample of every type.
    private func seeded(_ kind: StoreKind) throws -> TestStack {
        let stack = try TestStack(kind)
        let context = stack.context
        let denmark = try context.make("Team", ["name": "Dänemark", "code": "DEN"])
        let germany = try context.make("Team", ["name": "Deutschland", "code": "GER"])
        let players: [(String, String, ManagedObject?)] = [
            ("Eriksen", "1992-02-14T00:00:00Z", denmark), ("Schweinsteiger", "1984-08-01T00:00:00Z", germany),
            ("Götze", "1992-06-03T00:00:00Z", nil),
        ]
        for (index, (name, born, team)) in players.enumerated() {
            try context.make(
                "Player",
                ["name": name, "number": index + 1, "born": instant(born), "team": team])
        }
        try context.make(
            "Sample",
            [
                "string": "a", "uuid": UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
                "uri": URL(string: "https://uefa.com/euro"), "date": instant("2012-06-08T18:00:00Z"),
            ])
        try context.save()
        return stack
    }

    /// The instant an ISO 8601 date and time with offset names.
    private func instant(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    private func names(_ objects: [ManagedObject], key: String = "name") -> [String] {
        objects.compactMap { $0.string(key) }.sorted()
    }

    @Test("An ISO 8601 date string compares with a date attribute as that day or instant", arguments: StoreKind.allCases)
    func isoDateStrings(kind: StoreKind) throws {
        let context = try seeded(kind).newContext()
        #expect(names(try context.all("Player", #"born > "1992-01-01""#)) == ["Eriksen", "Götze"])
        #expect(names(try context.all("Player", #"born == "1992-02-14""#)) == ["Eriksen"])
        #expect(names(try context.all("Player", #""1992-01-01" > born"#)) == ["Schweinsteiger"])
        #expect(names(try context.all("Player", #"born BETWEEN {"1992-01-01", "1992-03-01"}"#)) == ["Eriksen"])
        #expect(names(try context.all("Player", #"born IN {"1984-08-01", "1992-06-03"}"#)) == ["Götze", "Schweinsteiger"])
        #expect(names(try context.all("Player", "born < %@", "1990-01-01")) == ["Schweinsteiger"])
        #expect(names(try context.all("Team", #"ANY players.born > "1990-01-01""#)) == ["Dänemark"])
        #expect(names(try context.all("Team", #"players.@max.born < "1990-01-01""#)) == ["Deutschland"])
        // With a time and an offset, the instant: 20:00 at +02:00 is 18:00 UTC.
        let kickoff = #"date == "2012-06-08T20:00:00+02:00""#
        #expect(names(try context.all("Sample", kickoff), key: "string") == ["a"])
        #expect(names(try context.all("Sample", #"date < "2012-06-08T18:00Z""#), key: "string").isEmpty)
        #expect(names(try context.all("Sample", #"date <= "2012-06-08T18:00:00.000Z""#), key: "string") == ["a"])
    }

    @Test("In memory, pending changes compare with ISO 8601 strings as saved objects do", arguments: StoreKind.allCases)
    func isoDateStringsOnPendingChanges(kind: StoreKind) throws {
        let context = try seeded(kind).newContext()
        let goetze = try context.all("Player", "name == 'Götze'")[0]
        try goetze.setValue(instant("1980-01-01T00:00:00Z"), forKey: "born")
        #expect(names(try context.all("Player", #"born > "1992-01-01""#)) == ["Eriksen"])
    }

    @Test("CAST to NSDate takes an ISO 8601 string as well as seconds since 2001")
    func castISODate() throws {
        let day = try FetchPredicate(format: #"born == CAST("1992-02-14", "NSDate")"#)
        #expect(day == (try FetchPredicate(format: "born == %@", instant("1992-02-14T00:00:00Z"))))
        #expect(day == (try FetchPredicate(format: #"born == CAST(-280281600, "NSDate")"#)))
        let evening = try FetchPredicate(format: #"born == CAST("1992-02-14T20:30:15.5-01:30", "NSDate")"#)
        #expect(evening == (try FetchPredicate(format: "born == %@", instant("1992-02-14T22:00:15Z").addingTimeInterval(0.5))))
        #expect(throws: FetchPredicateError.self) { try FetchPredicate(format: #"born == CAST("1992-02-30", "NSDate")"#) }
    }

    @Test(
        "A literal that does not fit the key path's type is refused, naming the key path, its type and the literal",
        arguments: [
            (
                "Player", "born < 1985",
                #"predicate type error: 'born' (Date) cannot be compared with the number 1985; write a date as a string such as "1992-01-01" or "1992-01-01T18:00:00+02:00""#
            ),
            (
                "Player", #"number > "5""#,
                #"predicate type error: 'number' (Integer 16) cannot be compared with the string "5"; write a number without quotes"#
            ),
            ("Player", #"born > "1992-13-01""#, #"cannot be compared with the string "1992-13-01"; write a date as"#),
            ("Player", #"name == 5"#, "'name' (String) cannot be compared with the number 5"),
            ("Player", #"number IN {1, "2"}"#, #"'number' (Integer 16) cannot be compared with the string "2""#),
            ("Player", #"number BETWEEN {"1", 9}"#, #"'number' (Integer 16) cannot be compared with the string "1""#),
            ("Team", #"players.number == "1""#, #"'players.number' (Integer 16) cannot be compared with the string "1""#),
            ("Team", #"players.@count == "2""#, #"'players.@count' (Integer 64) cannot be compared with the string "2""#),
            ("Player", #""5" < number"#, #"'number' (Integer 16) cannot be compared with the string "5""#),
            (
                "Player", #"team == "GER""#,
                #"'team' (relationship to Team) cannot be compared with the string "GER"; compare one of its attributes"#
            ),
            ("Sample", #"uuid == "not a UUID""#, #"'uuid' (UUID) cannot be compared with the string "not a UUID""#),
            ("Sample", #"binary == "AQID""#, #"'binary' (Binary) cannot be compared with the string "AQID""#),
            ("Sample", #"boolean == "YES""#, #"'boolean' (Boolean) cannot be compared with the string "YES""#),
            (
                "Player", #"number CONTAINS "1""#,
                "predicate type error: 'number' (Integer 16) cannot be compared with CONTAINS, which compares strings"
            ),
            ("Player", #"born BEGINSWITH "1992""#, "'born' (Date) cannot be compared with BEGINSWITH"),
            ("Player", #"team LIKE "G*""#, "'team' (relationship to Team) cannot be compared with LIKE"),
            ("Player", #"name CONTAINS number"#, "'number' (Integer 16) cannot be compared with CONTAINS"),
        ])
    func mismatchesAreRefused(entity: String, format: String, message: String) throws {
        for kind in StoreKind.allCases {
            let context = try seeded(kind).newContext()
            let error = #expect(throws: FetchPredicateError.self) { try context.all(entity, format) }
            #expect(error?.description.contains(message) == true, "\(kind): \(error?.description ?? "no error")")
        }
    }

    @Test(
        "What fits is accepted: numbers of any kind, Booleans as numbers, nil, UUID and URI strings",
        arguments: StoreKind.allCases)
    func fittingLiteralsAreAccepted(kind: StoreKind) throws {
        let context = try seeded(kind).newContext()
        #expect(names(try context.all("Player", "number > 1.5")) == ["Götze", "Schweinsteiger"])
        #expect(names(try context.all("Player", "number == YES")) == ["Eriksen"])
        #expect(names(try context.all("Player", "born != nil AND team.code == 'GER'")) == ["Schweinsteiger"])
        #expect(names(try context.all("Player", "team == nil")) == ["Götze"])
        #expect(names(try context.all("Sample", "boolean == 0"), key: "string") == ["a"])
        let uuid = #"uuid == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#
        #expect(names(try context.all("Sample", uuid), key: "string") == ["a"])
        #expect(names(try context.all("Sample", #"uri == "https://uefa.com/euro""#), key: "string") == ["a"])
        #expect(names(try context.all("Team", "players.@count == 1")) == ["Deutschland", "Dänemark"])
        #expect(names(try context.all("Player", "name == team.name")).isEmpty, "two key paths are not checked")
    }
}
