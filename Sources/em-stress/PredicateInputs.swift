/// The malformed predicates and sort keys, given to `em list … --where` and `--sort` on the
/// EURO 2012 store: bad syntax, unknown keys, values of the wrong type.
///
/// All must fail with 65.
enum PredicateInputs {
    /// Predicates that do not parse, tried on players.
    static let syntax = [
        "number ==", "== 3", "number = = 3", "(number == 3", "number == 3)", "number IN {1, 2", "AND", "number == 3 AND",
        "OR number == 3", "NOT", #"name == "unterminated"#, "name == 'unterminated", "number >> 3", "number == 3 3", "@#$%",
        "number == %@", "number ===", "number <>< 3", "number IN", "()", "number == 1,", "name BEGINSWITH",
        #"name CONTAINS[x] "a""#, "{1, 2, 3}", "number == 1 number == 2", "number < < 3", "ANY",
        #"SUBQUERY(team, $t, $t.code == "GER""#, #"number == "a" +"#, #""GER""#, "number number", "3 ==", "NOT number =",
        "number == 3 AND OR number == 4", "number == (3", #"name == "a" ;"#, "name LIKE[c", #"position IN {"DF", }"#,
        "number BETWEEN {1}", "number == 1 == 2",
    ]

    /// Predicates on players naming keys players do not have.
    static let unknownKeys = [
        "foo == 1", #"team.foo == "x""#, "nosuch.path == 1", "Number == 3", "team.players.foo == 1", "number.value == 3",
        #"team.group.foo == "A""#, #"coach.name == "Löw""#, #"givenName == "Mario""#, #"birthday < "2000-01-01""#,
        #"team.name.first == "D""#, "ANY foo == 1", "ANY team.foo == 1", "foo.bar.baz == nil", "team.coach.foo == 1",
        "self.foo == 1", "shirt == 10", "team.code.foo == 1",
    ]

    /// Predicates on players comparing keys with values of the wrong type.
    static let wrongTypes = [
        #"number == "abc""#, "position == 3", "born == 5", #"born > "yesterday""#, #"number CONTAINS "1""#, "team == 5",
        #"team == "GER""#, #"number BEGINSWITH "1""#, "name > 5", #"number LIKE "1*""#, "club MATCHES 5",
        "born BETWEEN {1, 2}", #"number IN "abc""#, "team.code == 3", "position IN {1, 2}", "name == 3.5",
        #"number ENDSWITH "0""#, "team.code CONTAINS 3", "number == {1, 2}", #"team.players.number == "x""#,
    ]

    /// Malformed predicates on the other kinds, by kind.
    static let otherKinds = [
        (
            "teams",
            [
                "foo == 1", "code == 3", "name > 5", #"ranking == "x""#, "group == 1", "players == 3", "code ==",
                "coach.foo == 1", #"englishname == "Spain""#, #"players.foo == "x""#,
            ]
        ),
        (
            "matches",
            [
                #"homeGoals == "x""#, "kickoff == 5", "venue > 3", "foo == 1", "homeTeam.foo == 1", "round == 3",
                "homeGoals CONTAINS 1", "kickoff ==", "group.name == 1", "city BEGINSWITH 5",
            ]
        ),
        ("coaches", ["foo == 1", "name == 3", "team.foo == 1", "number == 1", "name =="]),
        ("groups", ["foo == 1", "name == 1", "teams == 3", "name IN", "teams.foo == 1"]),
    ]

    /// Sort keys that name nothing sortable, by kind.
    static let sortKeys = [
        ("players", ["nosuch", "team.nosuch", "-nosuch", "number.foo"]), ("teams", ["players", "nosuch"]),
        ("matches", ["nosuch", "-homeTeam.foo"]), ("coaches", ["nosuch"]), ("groups", ["nosuch"]),
    ]

    /// Every malformed predicate and sort key, and chains of too many terms: about 120.
    static func all() -> [MalformedInput] {
        var inputs: [MalformedInput] = []
        for (why, predicates) in [("bad syntax", syntax), ("unknown key", unknownKeys), ("wrong type", wrongTypes)] {
            for predicate in predicates {
                inputs.append(where: predicate, on: "players", why: why)
            }
        }
        for (kind, predicates) in otherKinds {
            for predicate in predicates {
                inputs.append(where: predicate, on: kind, why: "malformed")
            }
        }
        for (joiner, terms) in [(" OR ", 201), (" AND ", 1_000), (" || ", 5_000)] {
            let predicate = (1...terms).map { "number == \($0 % 99 + 1)" }.joined(separator: joiner)
            inputs.append(
                MalformedInput(
                    family: .predicate, name: "list players --where with \(terms) terms joined by '\(joiner)' (too many)",
                    arguments: ["list", "players", "--where", predicate, "--store", "@STORE"], expected: 65))
        }
        for (kind, keys) in sortKeys {
            for key in keys {
                inputs.append(
                    MalformedInput(
                        family: .predicate, name: "list \(kind) --sort \(key) (no such sort key)",
                        arguments: ["list", kind, "--sort", key, "--store", "@STORE"], expected: 65))
            }
        }
        return inputs
    }
}

extension [MalformedInput] {
    /// Appends `em list KIND --where PREDICATE`, which must fail with 65.
    ///
    /// - Parameters:
    ///   - predicate: The predicate.
    ///   - kind: What is listed.
    ///   - why: What is wrong with the predicate.
    fileprivate mutating func append(where predicate: String, on kind: String, why: String) {
        append(
            MalformedInput(
                family: .predicate, name: "list \(kind) --where '\(predicate)' (\(why))",
                arguments: ["list", kind, "--where", predicate, "--store", "@STORE"], expected: 65))
    }
}
