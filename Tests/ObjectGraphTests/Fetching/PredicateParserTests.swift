import Foundation
import Testing

// @testable only to make object IDs without a store.
@testable import ObjectGraph

// MARK: Helpers

extension ComparisonPredicate.Options {
    fileprivate static let both: Self = [.caseInsensitive, .diacriticInsensitive]
}

private func key(_ path: String) -> FetchExpression {
    .keyPath(path.split(separator: ".").map(String.init))
}

private func value(_ value: AttributeValue) -> FetchExpression {
    .constant(value)
}

private func compare(
    _ left: FetchExpression, _ op: ComparisonPredicate.Operator, _ right: FetchExpression,
    modifier: ComparisonPredicate.Modifier = .direct, options: ComparisonPredicate.Options = []
) -> FetchPredicate {
    .comparison(ComparisonPredicate(left, op, right, modifier: modifier, options: options))
}

/// `a == 1`, `b == 2`, … for compound tests.
private func term(_ name: String) -> FetchPredicate {
    compare(key(name), .equal, value(.integer(1)))
}

/// The right-hand side of `x == <literal>`.
private func rightSide(of format: String, _ arguments: Any?...) throws -> FetchExpression? {
    guard case .comparison(let comparison) = try FetchPredicate(format: format, argumentArray: arguments) else {
        return nil
    }
    return comparison.right
}

/// The error thrown by parsing `format`, or `nil`.
private func parseError(_ format: String, _ arguments: Any?...) -> FetchPredicateError? {
    do {
        _ = try FetchPredicate(format: format, argumentArray: arguments)
        return nil
    } catch {
        return error
    }
}

// MARK: - Comparisons

@Suite struct PredicateComparisonTests {
    @Test(arguments: [
        ("number == 11", ComparisonPredicate.Operator.equal),
        ("number = 11", .equal),
        ("number != 11", .notEqual),
        ("number <> 11", .notEqual),
        ("number < 11", .lessThan),
        ("number <= 11", .lessThanOrEqual),
        ("number =< 11", .lessThanOrEqual),
        ("number > 11", .greaterThan),
        ("number >= 11", .greaterThanOrEqual),
        ("number => 11", .greaterThanOrEqual),
        ("number BEGINSWITH 11", .beginsWith),
        ("number ENDSWITH 11", .endsWith),
        ("number CONTAINS 11", .contains),
        ("number LIKE 11", .like),
        ("number MATCHES 11", .matches),
        ("number IN 11", .in),
        ("number==11", .equal),
        ("number<=11", .lessThanOrEqual),
        ("  number\t>=\n11  ", .greaterThanOrEqual),
        ("number beginswith 11", .beginsWith),
        ("number In 11", .in),
    ])
    func operatorAndAlias(format: String, op: ComparisonPredicate.Operator) throws {
        #expect(try FetchPredicate(format: format) == compare(key("number"), op, value(.integer(11))))
    }

    @Test func betweenTakesALiteralListOfTwo() throws {
        #expect(
            try FetchPredicate(format: "number BETWEEN {1, 11}")
                == compare(key("number"), .between, .list([value(.integer(1)), value(.integer(11))])))
    }

    @Test func betweenTakesAnArrayArgumentOrAVariable() throws {
        #expect(
            try FetchPredicate(format: "number between %@", [1, 11])
                == compare(key("number"), .between, .list([value(.integer(1)), value(.integer(11))])))
        #expect(
            try FetchPredicate(format: "number BETWEEN $RANGE")
                == compare(key("number"), .between, .variable("RANGE")))
    }

    @Test(arguments: [
        ("name ==[c] 'a'", ComparisonPredicate.Options.caseInsensitive),
        ("name ==[d] 'a'", .diacriticInsensitive),
        ("name ==[cd] 'a'", .both),
        ("name ==[dc] 'a'", .both),
        ("name == [CD] 'a'", .both),
        ("name == 'a'", ComparisonPredicate.Options()),
    ])
    func options(format: String, options: ComparisonPredicate.Options) throws {
        #expect(
            try FetchPredicate(format: format)
                == compare(key("name"), .equal, value(.string("a")), options: options))
    }

    @Test func optionsFollowWordOperators() throws {
        #expect(
            try FetchPredicate(format: #"name BEGINSWITH[cd] "ö""#)
                == compare(key("name"), .beginsWith, value(.string("ö")), options: [.caseInsensitive, .diacriticInsensitive]))
        #expect(
            try FetchPredicate(format: "name IN[c] {'a', 'b'}")
                == compare(
                    key("name"), .in, .list([value(.string("a")), value(.string("b"))]), options: .caseInsensitive))
    }

    @Test(arguments: [
        ("ANY players.position == 'GK'", ComparisonPredicate.Modifier.any),
        ("SOME players.position == 'GK'", .any),
        ("any players.position == 'GK'", .any),
        ("ALL players.position == 'GK'", .all),
        ("NONE players.position == 'GK'", .none),
        ("players.position == 'GK'", .direct),
    ])
    func modifiers(format: String, modifier: ComparisonPredicate.Modifier) throws {
        #expect(
            try FetchPredicate(format: format)
                == compare(key("players.position"), .equal, value(.string("GK")), modifier: modifier))
    }

    @Test func bothSidesMayBeKeyPaths() throws {
        #expect(try FetchPredicate(format: "homeGoals > awayGoals") == compare(key("homeGoals"), .greaterThan, key("awayGoals")))
    }

    @Test func constantsMayStandOnTheLeft() throws {
        #expect(try FetchPredicate(format: "'GK' IN positions") == compare(value(.string("GK")), .in, key("positions")))
    }
}

// MARK: - Compound predicates

@Suite struct PredicateCompoundTests {
    @Test(arguments: [
        ("TRUEPREDICATE", FetchPredicate.constant(true)),
        ("falsepredicate", .constant(false)),
        ("a == 1 AND b == 1", .and([term("a"), term("b")])),
        ("a == 1 && b == 1", .and([term("a"), term("b")])),
        ("a == 1 and b == 1 AND c == 1", .and([term("a"), term("b"), term("c")])),
        ("a == 1 OR b == 1 || c == 1", .or([term("a"), term("b"), term("c")])),
        ("NOT a == 1", .not(term("a"))),
        ("!a == 1", .not(term("a"))),
        ("NOT NOT a == 1", .not(.not(term("a")))),
        ("a == 1 OR b == 1 AND c == 1", .or([term("a"), .and([term("b"), term("c")])])),
        ("a == 1 AND b == 1 OR c == 1", .or([.and([term("a"), term("b")]), term("c")])),
        ("NOT a == 1 AND b == 1", .and([.not(term("a")), term("b")])),
        ("NOT (a == 1 AND b == 1)", .not(.and([term("a"), term("b")]))),
        ("(a == 1 OR b == 1) AND c == 1", .and([.or([term("a"), term("b")]), term("c")])),
        ("a == 1 AND (b == 1 AND c == 1)", .and([term("a"), .and([term("b"), term("c")])])),
        ("((a == 1))", term("a")),
        ("(((a == 1) OR (b == 1)))", .or([term("a"), term("b")])),
        ("a == 1 AND TRUEPREDICATE", .and([term("a"), .constant(true)])),
    ])
    func precedenceAndParentheses(format: String, expected: FetchPredicate) throws {
        #expect(try FetchPredicate(format: format) == expected)
    }

    @Test func realisticConjunction() throws {
        #expect(
            try FetchPredicate(format: #"number <= 11 AND position == "DF""#)
                == .and([
                    compare(key("number"), .lessThanOrEqual, value(.integer(11))),
                    compare(key("position"), .equal, value(.string("DF"))),
                ]))
    }
}

// MARK: - Expressions

@Suite struct PredicateExpressionTests {
    @Test(arguments: [
        ("42", AttributeValue.integer(42)),
        ("-7", .integer(-7)),
        ("0x1F", .integer(31)),
        ("0XFF", .integer(255)),
        ("-0x10", .integer(-16)),
        ("0o17", .integer(15)),
        ("0b101", .integer(5)),
        ("9223372036854775807", .integer(.max)),
        ("-9223372036854775808", .integer(.min)),
        ("1.5", .double(1.5)),
        ("-0.25", .double(-0.25)),
        ("1e3", .double(1000)),
        ("2.5E-2", .double(0.025)),
        ("1e+2", .double(100)),
        (#""Deutschland""#, .string("Deutschland")),
        ("'Deutschland'", .string("Deutschland")),
        (#""""#, .string("")),
        (#""say \"hi\"""#, .string(#"say "hi""#)),
        (#"'it\'s'"#, .string("it's")),
        (#"'a\\b'"#, .string(#"a\b"#)),
        (#""line\nnext\ttab""#, .string("line\nnext\ttab")),
        (#""\u{E9}t\u{E9}""#, .string("été")),
        (#""%@ and $X and %K""#, .string("%@ and $X and %K")),
        ("'ö'", .string("ö")),
        ("TRUE", .boolean(true)),
        ("yes", .boolean(true)),
        ("FALSE", .boolean(false)),
        ("No", .boolean(false)),
        ("NIL", .null),
        ("null", .null),
        (#"CAST(0, "NSDate")"#, .date(Date(timeIntervalSinceReferenceDate: 0))),
        (#"CAST(739000000.5, "NSDate")"#, .date(Date(timeIntervalSinceReferenceDate: 739_000_000.5))),
        (#"CAST("2.50", "NSDecimalNumber")"#, .decimal(Decimal(string: "2.5")!)),
        (#"CAST("7", "NSNumber")"#, .integer(7)),
        (#"CAST(7, "NSString")"#, .string("7")),
        (
            #"CAST("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "NSUUID")"#,
            .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
        ),
        (#"CAST("https://uefa.com/euro", "NSURL")"#, .uri(URL(string: "https://uefa.com/euro")!)),
        (#"CAST("AQID", "NSData")"#, .data(Data([1, 2, 3]))),
    ])
    func literal(literal: String, expected: AttributeValue) throws {
        #expect(try rightSide(of: "x == \(literal)") == .constant(expected))
    }

    @Test func lists() throws {
        #expect(try rightSide(of: "x IN {}") == .list([]))
        #expect(
            try rightSide(of: "x IN {1, 'two', {3}, $FOUR, nil}")
                == .list([
                    value(.integer(1)), value(.string("two")), .list([value(.integer(3))]), .variable("FOUR"),
                    value(.null),
                ]))
    }

    @Test(arguments: [
        ("team.group.name", FetchExpression.keyPath(["team", "group", "name"])),
        ("name", .keyPath(["name"])),
        ("_private1", .keyPath(["_private1"])),
        ("#in", .keyPath(["in"])),
        ("#SELF.#size", .keyPath(["SELF", "size"])),
        ("team.in", .keyPath(["team", "in"])),
        ("SELF", .evaluatedObject),
        ("self", .evaluatedObject),
        ("SELF.name", .keyPath(["name"])),
        ("$TEAM_NAME", .variable("TEAM_NAME")),
        ("players.@count", .aggregate(.count, relationshipPath: ["players"], attribute: nil)),
        ("team.players.@count", .aggregate(.count, relationshipPath: ["team", "players"], attribute: nil)),
        ("players.@max.number", .aggregate(.max, relationshipPath: ["players"], attribute: "number")),
        ("players.@min.number", .aggregate(.min, relationshipPath: ["players"], attribute: "number")),
        ("players.@sum.goals", .aggregate(.sum, relationshipPath: ["players"], attribute: "goals")),
        ("players.@avg.age", .aggregate(.avg, relationshipPath: ["players"], attribute: "age")),
        ("players.@AVG.age", .aggregate(.avg, relationshipPath: ["players"], attribute: "age")),
        ("players.@max.club.founded", .aggregate(.max, relationshipPath: ["players"], attribute: "club.founded")),
        ("SELF.@count", .aggregate(.count, relationshipPath: [], attribute: nil)),
    ])
    func leftExpression(text: String, expected: FetchExpression) throws {
        guard case .comparison(let comparison) = try FetchPredicate(format: "\(text) > 22") else {
            Issue.record("not a comparison")
            return
        }
        #expect(comparison.left == expected)
    }

    @Test func realisticKeyPaths() throws {
        #expect(
            try FetchPredicate(format: #"team.group.name == "A""#)
                == compare(key("team.group.name"), .equal, value(.string("A"))))
        #expect(
            try FetchPredicate(format: "players.@count > 22")
                == compare(.aggregate(.count, relationshipPath: ["players"], attribute: nil), .greaterThan, value(.integer(22))))
    }
}

// MARK: - Arguments

@Suite struct PredicateArgumentTests {
    @Test(arguments: [
        ((any Sendable)?.some("Polen"), FetchExpression.constant(.string("Polen"))),
        (Substring("Polen"), .constant(.string("Polen"))),
        (7, .constant(.integer(7))),
        (Int8(-8), .constant(.integer(-8))),
        (Int16(16), .constant(.integer(16))),
        (Int32(32), .constant(.integer(32))),
        (Int64(64), .constant(.integer(64))),
        (UInt8(8), .constant(.integer(8))),
        (UInt(9), .constant(.integer(9))),
        (UInt64(10), .constant(.integer(10))),
        (1.5, .constant(.double(1.5))),
        (Float(0.5), .constant(.double(0.5))),
        (Decimal(string: "2.75")!, .constant(.decimal(Decimal(string: "2.75")!))),
        (true, .constant(.boolean(true))),
        (Date(timeIntervalSinceReferenceDate: 12), .constant(.date(Date(timeIntervalSinceReferenceDate: 12)))),
        (Data([0xCA, 0xFE]), .constant(.data(Data([0xCA, 0xFE])))),
        (
            UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
            .constant(.uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!))
        ),
        (URL(string: "https://uefa.com")!, .constant(.uri(URL(string: "https://uefa.com")!))),
        (AttributeValue.string("raw"), .constant(.string("raw"))),
        (nil, .constant(.null)),
        (Int?.none, .constant(.null)),
        (Int?.some(3), .constant(.integer(3))),
        ([1, 2, 3], .list([.constant(.integer(1)), .constant(.integer(2)), .constant(.integer(3))])),
        (["GK", nil] as [String?], .list([.constant(.string("GK")), .constant(.null)])),
        (Set(["DF"]), .list([.constant(.string("DF"))])),
        ([[1], []], .list([.list([.constant(.integer(1))]), .list([])])),
    ])
    func objectSpecifier(argument: (any Sendable)?, expected: FetchExpression) throws {
        #expect(try rightSide(of: "x == %@", argument) == expected)
    }

    @Test func objectIDsAndListsOfThemBecomeObjects() throws {
        let team = EntityDescription("Team")
        let poland = ManagedObjectID.temporary(for: team)
        let germany = ManagedObjectID.temporary(for: team)
        #expect(try rightSide(of: "team == %@", poland) == .object(poland))
        #expect(try rightSide(of: "team IN %@", [poland, germany]) == .list([.object(poland), .object(germany)]))
    }

    @Test func quotedSpecifierIsALiteral() throws {
        #expect(try FetchPredicate(format: "name == '%@'") == compare(key("name"), .equal, value(.string("%@"))))
    }

    @Test func keyPathSpecifier() throws {
        #expect(
            try FetchPredicate(format: "%K == %@", "team.name", "Polen")
                == compare(key("team.name"), .equal, value(.string("Polen"))))
        #expect(
            try FetchPredicate(format: "%K > 22", "team.players.@count")
                == compare(
                    .aggregate(.count, relationshipPath: ["team", "players"], attribute: nil), .greaterThan, value(.integer(22))))
        #expect(
            try FetchPredicate(format: "%K < 3", "players.@avg.age")
                == compare(.aggregate(.avg, relationshipPath: ["players"], attribute: "age"), .lessThan, value(.integer(3))))
        #expect(try FetchPredicate(format: "%K == 1", "first name") == compare(key("first name"), .equal, value(.integer(1))))
    }

    @Test(arguments: ["%d", "%i", "%u", "%ld", "%lld", "%lu"])
    func integerSpecifiers(specifier: String) throws {
        #expect(try rightSide(of: "number <= \(specifier)", 11) == value(.integer(11)))
        #expect(try rightSide(of: "number <= \(specifier)", UInt8(11)) == value(.integer(11)))
    }

    @Test(arguments: ["%f", "%lf", "%g"])
    func doubleSpecifiers(specifier: String) throws {
        #expect(try rightSide(of: "rating > \(specifier)", 4.5) == value(.double(4.5)))
        #expect(try rightSide(of: "rating > \(specifier)", Float(0.25)) == value(.double(0.25)))
        #expect(try rightSide(of: "rating > \(specifier)", 4) == value(.double(4)))
    }

    @Test func argumentsAreTakenInOrder() throws {
        #expect(
            try FetchPredicate(format: "%K == %@ AND number <= %d OR rating > %f", "team.name", "Polen", 11, 2.5)
                == .or([
                    .and([
                        compare(key("team.name"), .equal, value(.string("Polen"))),
                        compare(key("number"), .lessThanOrEqual, value(.integer(11))),
                    ]),
                    compare(key("rating"), .greaterThan, value(.double(2.5))),
                ]))
        #expect(
            try FetchPredicate(format: "a == %@ AND b == %@", argumentArray: [1, nil])
                == .and([compare(key("a"), .equal, value(.integer(1))), compare(key("b"), .equal, value(.null))]))
    }

    @Test(arguments: [
        ("a == %@ AND b == %@", (any Sendable)?.some(1), FetchPredicateError.Kind.missingArgument(index: 1), 18),
        ("a == 1", 1, .extraArguments(count: 1), 0),
        ("a == %d", "eleven", .unsupportedArgument(index: 0, type: "String"), 6),
        ("a == %d", 1.5, .unsupportedArgument(index: 0, type: "Double"), 6),
        ("a == %d", UInt64.max, .unsupportedArgument(index: 0, type: "UInt64"), 6),
        ("a == %f", "eleven", .unsupportedArgument(index: 0, type: "String"), 6),
        ("%K == 1", 1, .unsupportedArgument(index: 0, type: "Int"), 1),
        ("a == %@", ["x": 1], .unsupportedArgument(index: 0, type: "Dictionary<String, Int>"), 6),
        ("a IN %@", [Opaque()], .unsupportedArgument(index: 0, type: "Opaque"), 6),
        ("a == %@", UInt64.max, .unsupportedArgument(index: 0, type: "UInt64"), 6),
    ])
    func argumentError(format: String, argument: (any Sendable)?, kind: FetchPredicateError.Kind, column: Int) {
        let error = parseError(format, argument)
        #expect(error?.kind == kind)
        #expect(error?.column == column)
        #expect(error?.format == format)
    }

    /// A type a predicate cannot hold.
    private struct Opaque: Sendable {}

    @Test func errorDescriptionsNameTheArgument() {
        #expect(
            parseError("a == %@ AND b == %@", 1)?.description
                == "predicate argument error at column 18: missing argument at index 1")
        #expect(
            parseError("a == %@", 1, 2, 3)?.description
                == "predicate argument error: 2 arguments more than the format uses")
        #expect(
            parseError("a == %d", "x")?.description
                == "predicate argument error at column 6: argument at index 0 has unsupported type 'String'")
    }
}

// MARK: - Variables

@Suite struct PredicateVariableTests {
    @Test func templateSubstitution() throws {
        let template = try FetchPredicate(format: "name == $TEAM_NAME")
        #expect(template == compare(key("name"), .equal, .variable("TEAM_NAME")))
        #expect(
            try template.substitutingVariables(["TEAM_NAME": "Deutschland"])
                == FetchPredicate(format: #"name == "Deutschland""#))
    }

    @Test func substitutionReachesEveryPlace() throws {
        let template = try FetchPredicate(
            format: "NOT ($A == 1 OR b IN {$B, 2}) AND c BETWEEN $RANGE AND d == $NIL AND e == $TEAM")
        let team = ManagedObjectID.temporary(for: EntityDescription("Team"))
        let result = try template.substitutingVariables([
            "A": 1.5, "B": "x", "RANGE": [1, 9], "NIL": nil, "TEAM": team, "UNUSED": 0,
        ])
        #expect(
            result
                == .and([
                    .not(
                        .or([
                            compare(value(.double(1.5)), .equal, value(.integer(1))),
                            compare(key("b"), .in, .list([value(.string("x")), value(.integer(2))])),
                        ])),
                    compare(key("c"), .between, .list([value(.integer(1)), value(.integer(9))])),
                    compare(key("d"), .equal, value(.null)),
                    compare(key("e"), .equal, .object(team)),
                ]))
    }

    @Test func missingVariableThrows() throws {
        let template = try FetchPredicate(format: "name == $TEAM_NAME AND number == $NUMBER")
        #expect(throws: FetchPredicateError(format: template.predicateFormat, column: 0, .missingVariable("NUMBER"))) {
            try template.substitutingVariables(["TEAM_NAME": "Polen"])
        }
        let error = #expect(throws: FetchPredicateError.self) { try template.substitutingVariables([:]) }
        #expect(error?.description == "predicate error: no value for variable '$TEAM_NAME'")
    }

    @Test func unsupportedVariableValueThrows() throws {
        let template = try FetchPredicate(format: "name == $TEAM")
        let error = #expect(throws: FetchPredicateError.self) { try template.substitutingVariables(["TEAM": NSObject()]) }
        #expect(error?.kind == .unsupportedVariable("TEAM", type: "NSObject"))
    }

    @Test func predicatesWithoutVariablesAreUnchanged() throws {
        let predicate = try FetchPredicate(format: "ANY players.@count > 22 AND SELF IN %@", [1])
        #expect(try predicate.substitutingVariables([:]) == predicate)
    }
}

// MARK: - Rendering

@Suite struct PredicateFormatTests {
    /// Formats already in canonical spelling: rendering gives back the same text.
    @Test(arguments: [
        "TRUEPREDICATE",
        "FALSEPREDICATE",
        #"team.group.name == "A""#,
        "players.@count > 22",
        #"number <= 11 AND position == "DF""#,
        #"ANY players.position == "GK""#,
        #"ALL players.number > 0"#,
        #"NONE players.position ==[c] "TW""#,
        #"name BEGINSWITH[cd] "ö""#,
        #"name ENDSWITH[d] "en""#,
        #"name CONTAINS[c] "land""#,
        #"name LIKE "*land""#,
        #"code MATCHES "[A-Z]{3}""#,
        "name == $TEAM_NAME",
        "number BETWEEN {1, 11}",
        #"position IN {"GK", "DF", "MF", "FW"}"#,
        "number != -5",
        "rating >= 4.5",
        "rating < 1e+20",
        "isHost == TRUE AND isEliminated == FALSE",
        "coach == nil",
        "SELF IN $CHOSEN",
        "team.players.@max.number < 99",
        "players.@avg.age > 25.5",
        "SELF.@count == 0",
        "#in == 1 AND team.#size > 2",
        "NOT name == \"x\"",
        "NOT (a == 1 OR b == 2)",
        "a == 1 OR (b == 2 AND c == 3)",
        "(a == 1 OR b == 2) AND c == 3",
        "a == 1 AND (b == 2 AND c == 3)",
        "NOT NOT a == 1",
        #"kickoff > CAST(739000000.5, "NSDate")"#,
        #"price == CAST("19.99", "NSDecimalNumber")"#,
        #"id == CAST("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "NSUUID")"#,
        #"site == CAST("https://uefa.com/euro?x=1", "NSURL")"#,
        #"logo == CAST("AQID", "NSData")"#,
        #"x == CAST("inf", "NSNumber")"#,
        #"quote == "say \"hi\" \\ back\nslash\u{1}""#,
        "homeGoals > awayGoals",
    ])
    func canonicalFormatRoundTrips(format: String) throws {
        let predicate = try FetchPredicate(format: format)
        #expect(predicate.predicateFormat == format)
        #expect(try FetchPredicate(format: predicate.predicateFormat) == predicate)
    }

    /// Other spellings render canonically.
    @Test(arguments: [
        ("a = 1 && b <> 2 || !c =< 3", "(a == 1 AND b != 2) OR NOT c <= 3"),
        ("SOME x => 0x10", "ANY x >= 16"),
        ("name ==[dc] 'it\\'s'", #"name ==[cd] "it's""#),
        ("x IN {yes, no, null}", "x IN {TRUE, FALSE, nil}"),
        ("x == CAST(0, 'NSDate')", #"x == CAST(0.0, "NSDate")"#),
        ("((a == 1))", "a == 1"),
        ("SELF.name == 1", "name == 1"),
    ])
    func otherSpellingsRenderCanonically(format: String, expected: String) throws {
        #expect(try FetchPredicate(format: format).predicateFormat == expected)
    }

    @Test func constructedPredicatesRoundTrip() throws {
        let predicates: [FetchPredicate] = [
            compare(key("kickoff"), .lessThan, value(.date(Date(timeIntervalSinceReferenceDate: 758_203_200)))),
            compare(key("kickoff"), .lessThan, value(.date(Date(timeIntervalSinceReferenceDate: -1.25e-7)))),
            compare(key("x"), .equal, value(.double(0.1 + 0.2))),
            compare(key("x"), .equal, value(.double(-.infinity))),
            compare(key("x"), .equal, value(.double(.leastNonzeroMagnitude))),
            compare(key("x"), .equal, value(.integer(.min))),
            compare(key("x"), .equal, value(.decimal(Decimal(string: "-0.000001")!))),
            compare(key("x"), .equal, value(.decimal(Decimal(string: "1e30")!))),
            compare(key("x"), .equal, value(.string("tab\there \"q\" 'single' \\ \u{7} 🇵🇱 é"))),
            // Marks that would make one character with a quote or an escape: combining marks
            // after one, a prepended mark (U+0600) before one.
            compare(key("x"), .equal, value(.string("\u{301}e\0\u{7F1}\u{301}x\n\u{200D}\u{1F3FB}\u{1}\u{301}"))),
            compare(key("x"), .equal, value(.string("a\u{600}\n\u{600}\"\u{600}"))),
            // A run of them: escaping one makes the next one such a mark.
            compare(key("x"), .equal, value(.string("a\u{600}\u{600}\u{600}\n\0\u{301}\u{301}\u{301}"))),
            compare(key("x"), .equal, value(.data(Data((0...255).map { UInt8($0) })))),
            compare(key("x"), .in, .list([.list([]), .evaluatedObject, .variable("V"), key("a.b")])),
            compare(.aggregate(.sum, relationshipPath: ["not", "in"], attribute: "yes"), .equal, key("select.from")),
            .or([.and([term("a"), term("b")]), .not(.or([term("c"), .constant(false)]))]),
            .and([.and([term("a"), term("b")]), term("c")]),
        ]
        for predicate in predicates {
            #expect(try FetchPredicate(format: predicate.predicateFormat) == predicate, "\(predicate)")
        }
    }

    @Test func descriptionIsTheFormat() throws {
        let predicate = try FetchPredicate(format: "ANY players.position == 'GK'")
        #expect("\(predicate)" == #"ANY players.position == "GK""#)
        #expect(
            FetchExpression.aggregate(.max, relationshipPath: ["players"], attribute: "number").description
                == "players.@max.number")
    }

    @Test func objectsRenderAsAnUnparsableCast() throws {
        let id = ManagedObjectID.temporary(for: EntityDescription("Team"))
        let predicate = try FetchPredicate(format: "team == %@", id)
        #expect(predicate.predicateFormat == "team == CAST(\"\(id.uriRepresentation.absoluteString)\", \"NSManagedObjectID\")")
        #expect(throws: FetchPredicateError.self) { try FetchPredicate(format: predicate.predicateFormat) }
    }
}

// MARK: - Syntax errors

@Suite struct PredicateSyntaxErrorTests {
    @Test(arguments: [
        ("", 1, "expected a predicate, found end of input"),
        ("number <= ", 11, "expected a value after '<=', found end of input"),
        ("name == ", 9, "expected a value after '==', found end of input"),
        ("name = ", 8, "expected a value after '=', found end of input"),
        ("number 11", 8, "expected a comparison operator, found '11'"),
        ("(a == 1", 8, "expected ')', found end of input"),
        ("(a == 1 b", 9, "expected ')', found 'b'"),
        ("a == 1)", 7, "expected AND, OR or end of input, found ')'"),
        ("a == 1 AND", 11, "expected a predicate after 'AND', found end of input"),
        ("a == 1 || OR b == 2", 11, "expected a predicate after '||', found 'OR'"),
        ("NOT", 4, "expected a predicate after 'NOT', found end of input"),
        ("ANY == 1", 5, "expected a key path after 'ANY', found '=='"),
        (#"name == "Polen"#, 9, "expected a closing \" (unterminated string), found end of input"),
        ("name == 'Polen", 9, "expected a closing ' (unterminated string), found end of input"),
        (#"name == "a\qb""#, 11, #"expected an escape sequence"#),
        (#"name == "\u{110000}""#, 10, "expected a Unicode scalar"),
        ("name ==[x] 'a'", 9, "expected 'c', 'd' or 'n' in brackets, found 'x'"),
        ("name ==[cx] 'a'", 10, "expected 'c', 'd' or 'n' in brackets, found 'x'"),
        ("name ==[] 'a'", 9, "expected 'c', 'd' or 'n' in brackets, found ']'"),
        ("name ==[c 'a'", 11, "expected ']' after the options, found \"'a'\""),
        ("x IN {1, 2", 11, "expected ',' or '}' in the list, found end of input"),
        ("x IN {1,}", 9, "expected a value after ',', found '}'"),
        ("number BETWEEN {1, 2, 3}", 16, "expected a list of two values after 'BETWEEN', found '{1, 2, 3}'"),
        ("number BETWEEN 5", 16, "expected a list of two values after 'BETWEEN'"),
        ("players.@median.age > 1", 9, "expected a collection operator (@count, @sum, @avg, @min or @max), found '@median'"),
        ("players.@max.@min > 1", 14, "expected a key after '@max', found '@min'"),
        ("team. == 1", 7, "expected a key after '.', found '=='"),
        ("team.5 == 1", 6, "expected a key after '.'"),
        ("a == 0x", 6, "expected hexadecimal digits after '0x', found '0x'"),
        ("a == 0b102", 6, "expected binary digits after '0b', found '0b102'"),
        ("a == 12abc", 6, "expected a number, found '12abc'"),
        ("a == 99999999999999999999", 6, "expected an integer that fits in 64 bits"),
        ("a == %s", 6, "expected a format specifier"),
        ("a == %", 6, "expected a format specifier (%@, %K, %d, %i, %u, %f, %g, %e, %a), found '%'"),
        ("a == $", 7, "expected a variable name after '$', found end of input"),
        ("a == # 1", 7, "expected a key after '#', found ' '"),
        ("a ? 1", 3, "expected a comparison operator, found '?'"),
        ("AND == 1", 1, "expected a predicate, found 'AND'"),
        ("a == CAST(1 'NSDate')", 13, "expected ',' after the value to cast, found \"'NSDate'\""),
        ("a == CAST(1, 'NSFoo')", 14, "expected a type name: \"NSDate\""),
        ("a == CAST('x', 'NSDate')", 11, "expected a value that can be cast to NSDate, found \"'x'\""),
        ("a == CAST('1x', 'NSDecimalNumber')", 11, "expected a value that can be cast to NSDecimalNumber"),
        ("a == CAST('E621E1F8-C36C-495A-93FC-0C 47A3E6E5F', 'NSUUID')", 11, "expected a value that can be cast to NSUUID"),
        ("a == CAST(' E621E1F8-C36C-495A-93FC-0C247A3E6E5F', 'NSUUID')", 11, "expected a value that can be cast to NSUUID"),
        ("a == 1 b == 2", 8, "expected AND, OR or end of input, found 'b'"),
        ("größe ==", 9, "expected a value after '==', found end of input"),
        // A combining mark starts no key (written out after a space, it would join the space),
        // and a space it joins is no space.
        ("1 ==\t\u{64B}name", 6, "expected a value after '==', found '\u{64B}'"),
        ("1 == \u{64B}name", 5, "expected a value after '==', found ' \u{64B}'"),
    ])
    func malformedFormat(format: String, column: Int, message: String) {
        let error = parseError(format)
        #expect(error?.column == column, "\(error.map(String.init(describing:)) ?? "no error")")
        #expect(error?.description.hasPrefix("predicate syntax error at column \(column): ") == true)
        #expect(error?.description.contains(message) == true, "\(error.map(String.init(describing:)) ?? "no error")")
        #expect(error?.format == format)
    }

    @Test func missingKeyPathArgumentIsASyntaxError() {
        #expect(parseError("%K == 1", "team..name")?.kind == .syntax(expected: "a key path for %K", found: "team..name"))
    }

    @Test(arguments: [
        String(repeating: "(", count: 100_000),
        String(repeating: "NOT ", count: 100_000),
        "x == " + String(repeating: "1 + ", count: 100_000) + "1",
        "x == " + String(repeating: "-", count: 100_000) + "1",
        "x == " + String(repeating: "abs(", count: 100_000),
        "x IN " + String(repeating: "{", count: 100_000),
    ])
    func deepNestingIsAnErrorNotACrash(format: String) {
        let error = parseError(format)
        #expect(error?.description.contains("expected at most 200 levels of nesting") == true)
    }

    @Test func nestingWithinTheLimitParses() throws {
        let format = String(repeating: "(", count: 199) + "a == 1" + String(repeating: ")", count: 199)
        #expect(try FetchPredicate(format: format) == term("a"))
    }

    @Test func errorsNeverCrashOnArbitraryInput() {
        let pieces = [
            "a", "b.c", "@count", "@max", ".", " ", "==", "=", "<", ">", "!", "&&", "||", "(", ")", "{", "}",
            "[", "]", "[cd]", ",", "'", "\"", "\\", "%@", "%K", "%d", "%", "$", "#", "-", "0x", "1", "1.5e",
            "AND", "OR", "NOT", "ANY", "IN", "BETWEEN", "CAST", "SELF", "nil", "ö", "\u{0}", "🇵🇱", "\n",
            "+", "*", "/", "&", "|", ":", "$x", "SUBQUERY(", "abs(", "now()", "[SIZE]", "[n]", "%a", ".@count",
        ]
        var generator = SeededGenerator(seed: 2024)
        for _ in 0..<5_000 {
            let count = Int(generator.next() % 12)
            let format = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            do {
                let predicate = try FetchPredicate(format: format, "x", 1)
                _ = predicate.predicateFormat
            } catch {
                #expect(error.column >= 0 && error.column <= format.count + 1, "\(format): \(error)")
                #expect(!error.description.contains("\n"), "\(format)")
            }
        }
    }
}

// MARK: - Computed expressions, subqueries, joined %K

@Suite struct PredicateComputedExpressionTests {
    private func call(_ function: ExpressionFunction, _ arguments: FetchExpression...) -> FetchExpression {
        .function(function, arguments)
    }

    /// Formats in canonical spelling: rendering gives back the same text and the same tree.
    @Test(arguments: [
        "price * quantity > 100",
        "flags & 4 != 0",
        "flags | 1 == 3",
        "kickoff > now() - 86400",
        "a - -1 == b / 2",
        "(a + b) * c == 0",
        "a + (b + c) == 0",
        "abs(balance) < 5",
        #"uppercase(name) == "POLEN""#,
        "lowercase(name) BEGINSWITH[c] $P",
        "modulus:by:(number, 2) == 1",
        "sum({1, 2, 3}) == 6",
        "max({1.5, 2}) > min({3})",
        "count(players) > 2",
        "average(players.number) > 4.5",
        "SUBQUERY(players, $p, $p.number > 5 AND $p.team.name == \"Polen\").@count > 0",
        "SUBQUERY(players, $p, ANY $p.sponsors.name == \"Nike\").@count == 0",
        "SUBQUERY(team.players, $p, $p == $P AND $p.@count == 0).@count > 0",
        "SUBQUERY(players, $p, SUBQUERY($p.sponsors, $s, $s.name == \"Nike\").@count > 0).@count > 0",
        "isActive == TRUE",
        "#subquery == 1 AND #function == 2 AND #size == 3",
    ])
    func canonicalFormatRoundTrips(format: String) throws {
        let predicate = try FetchPredicate(format: format)
        #expect(predicate.predicateFormat == format)
        #expect(try FetchPredicate(format: predicate.predicateFormat) == predicate)
    }

    /// Other spellings parse to the same trees and render canonically.
    @Test(arguments: [
        ("isActive", "isActive == TRUE"),
        ("!isActive", "NOT isActive == TRUE"),
        ("isActive AND (isHost)", "isActive == TRUE AND isHost == TRUE"),
        ("(flags & 4) != 0", "flags & 4 != 0"),
        ("a-1 == 2", "a - 1 == 2"),
        ("a -1 == 2", "a - 1 == 2"),
        ("-a == - 2", "0 - a == -2"),
        ("a + b * c == a * b + c", "a + (b * c) == (a * b) + c"),
        ("a | b & c == 0", "a | (b & c) == 0"),
        ("a - b - c == 0", "(a - b) - c == 0"),
        ("((a + 1)) == 2", "a + 1 == 2"),
        ("(a + 1 == 2)", "a + 1 == 2"),
        ("abs:(x) == 1", "abs(x) == 1"),
        ("NOW() > x", "now() > x"),
        ("add:to:(a, 1) == multiply:by:(2, b)", "a + 1 == 2 * b"),
        ("from:subtract:(a, 1) == divide:by:(a, 2)", "a - 1 == a / 2"),
        ("bitwiseAnd:with:(a, 1) == bitwiseOr:with:(a, 2)", "a & 1 == a | 2"),
        ("count:(players) > 0", "count(players) > 0"),
        ("SUBQUERY(players, $x, number > 5).@count > 0", "SUBQUERY(players, $x, $x.number > 5).@count > 0"),
        ("SUBQUERY(players, $x, SELF == $x).@count > 0", "SUBQUERY(players, $x, $x == $x).@count > 0"),
        ("count(SUBQUERY(players, $x, TRUEPREDICATE)) > 0", "SUBQUERY(players, $x, TRUEPREDICATE).@count > 0"),
        ("players[SIZE] > 2", "players.@count > 2"),
        ("team.players[size] == 0", "team.players.@count == 0"),
        ("name ==[n] 'a'", #"name == "a""#),
        ("name BEGINSWITH[cdn] 'a'", #"name BEGINSWITH[cd] "a""#),
        ("name CONTAINS[nc] 'a'", #"name CONTAINS[c] "a""#),
        ("x ==[c] -9223372036854775808", "x ==[c] -9223372036854775808"),
        ("x == 1 - -9223372036854775808", "x == 1 - -9223372036854775808"),
    ])
    func otherSpellingsRenderCanonically(format: String, expected: String) throws {
        let predicate = try FetchPredicate(format: format)
        #expect(predicate.predicateFormat == expected)
        #expect(try FetchPredicate(format: expected) == predicate)
    }

    @Test func arithmeticBindsAsInC() throws {
        let predicate = try FetchPredicate(format: "a | b & c + d * e == 0")
        let expected = call(
            .bitwiseOr, key("a"),
            call(.bitwiseAnd, key("b"), call(.add, key("c"), call(.multiply, key("d"), key("e")))))
        #expect(predicate == compare(expected, .equal, value(.integer(0))))
    }

    @Test func bitwiseTestsWithArguments() throws {
        let predicate = try FetchPredicate(format: "flags & %d == %d", 4, 4)
        #expect(predicate == compare(call(.bitwiseAnd, key("flags"), value(.integer(4))), .equal, value(.integer(4))))
    }

    @Test func functionsTakeArguments() throws {
        #expect(
            try FetchPredicate(format: "x < min(%@)", [3, 1, 2])
                == compare(
                    key("x"), .lessThan,
                    call(.min, .list([value(.integer(3)), value(.integer(1)), value(.integer(2))]))))
        #expect(try FetchPredicate(format: "now() > x") == compare(call(.now), .greaterThan, key("x")))
    }

    @Test func subqueryBindsItsVariable() throws {
        let predicate = try FetchPredicate(
            format: "SUBQUERY(players, $p, $p.team.name == %@ AND $p != $OTHER).@count > 0", "Polen")
        let inner: FetchPredicate = .and([
            compare(key("team.name"), .equal, value(.string("Polen"))),
            compare(.evaluatedObject, .notEqual, .variable("OTHER")),
        ])
        let subquery = FetchExpression.subquery(collection: ["players"], variable: "p", predicate: inner)
        #expect(predicate == compare(call(.count, subquery), .greaterThan, value(.integer(0))))
        // Other variables are substitution variables, inside the subquery too.
        let substituted = try predicate.substitutingVariables(["OTHER": nil])
        #expect(substituted.predicateFormat.contains("$p != nil"))
    }

    @Test func keyPathSpecifiersJoinOtherKeys() throws {
        #expect(try FetchPredicate(format: "%K.name == 1", "team") == compare(key("team.name"), .equal, value(.integer(1))))
        #expect(
            try FetchPredicate(format: "ANY players.%K == 1", "number")
                == compare(key("players.number"), .equal, value(.integer(1)), modifier: .any))
        #expect(
            try FetchPredicate(format: "%K.@count > 1", "players")
                == compare(.aggregate(.count, relationshipPath: ["players"], attribute: nil), .greaterThan, value(.integer(1))))
        #expect(
            try FetchPredicate(format: "team.%K.%K == 1", "group", "name")
                == compare(key("team.group.name"), .equal, value(.integer(1))))
        #expect(try FetchPredicate(format: "SELF.%K == 1", "a.b") == compare(key("a.b"), .equal, value(.integer(1))))
    }

    @Test func aBareKeyPathIsABooleanTest() throws {
        let isActive = compare(key("isActive"), .equal, value(.boolean(true)))
        #expect(try FetchPredicate(format: "%K", "isActive") == isActive)
        #expect(try FetchPredicate(format: "isActive") == isActive)
        #expect(try FetchPredicate(format: "NOT %K OR %K", "isActive", "isActive") == .or([.not(isActive), isActive]))
        #expect(try FetchPredicate(format: "(isActive)") == isActive)
    }

    @Test(arguments: ["%a", "%la", "%A", "%e", "%E", "%G", "%F"])
    func hexadecimalAndOtherDoubleSpecifiers(specifier: String) throws {
        #expect(try rightSide(of: "rating > \(specifier)", 0x1.8p1) == value(.double(3)))
    }

    @Test func foundationObjectsAreArguments() throws {
        let date = Date(timeIntervalSinceReferenceDate: 5)
        let uuid = UUID()
        let cases: [(Any, FetchExpression)] = [
            (NSNumber(value: 3), value(.integer(3))),
            (NSNumber(value: 2.5), value(.double(2.5))),
            (NSNumber(value: true), value(.boolean(true))),
            (NSNumber(value: UInt8(7)), value(.integer(7))),
            (NSDecimalNumber(string: "1.25"), value(.decimal(Decimal(string: "1.25")!))),
            (NSString(string: "Polen"), value(.string("Polen"))),
            (NSNull(), value(.null)),
            (NSDate(timeIntervalSinceReferenceDate: 5), value(.date(date))),
            (NSUUID(uuidString: uuid.uuidString)!, value(.uuid(uuid))),
            (NSURL(string: "https://uefa.com")!, value(.uri(URL(string: "https://uefa.com")!))),
            (NSData(data: Data([1, 2])), value(.data(Data([1, 2])))),
            (NSArray(array: [1, "a"]), .list([value(.integer(1)), value(.string("a"))])),
            (NSOrderedSet(array: [2, 1]), .list([value(.integer(2)), value(.integer(1))])),
            (NSSet(array: [4]), .list([value(.integer(4))])),
        ]
        for (argument, expected) in cases {
            #expect(try rightSide(of: "x IN %@", argument) == expected, "\(type(of: argument))")
        }
        #expect(try rightSide(of: "x == %d", NSNumber(value: 11)) == value(.integer(11)))
        #expect(try rightSide(of: "x == %d", NSNumber(value: true)) == value(.integer(1)))
        #expect(try rightSide(of: "x == %f", NSNumber(value: 11)) == value(.double(11)))
        #expect(try rightSide(of: "x == %a", NSNumber(value: 0.5)) == value(.double(0.5)))
        #expect(
            try FetchPredicate(format: "%K == 1", NSString(string: "team.name"))
                == compare(key("team.name"), .equal, value(.integer(1))))
        #expect(parseError("x == %@", NSNumber(value: UInt64.max))?.kind == .unsupportedArgument(index: 0, type: "NSNumber"))
        #expect(parseError("x == %d", NSNumber(value: 0.5))?.kind == .unsupportedArgument(index: 0, type: "NSNumber"))
    }

    @Test(arguments: [
        ("median(x) > 1", 1, "unknown function 'median'"),
        ("a == 1 AND x == foo:bar:(1, 2)", 17, "unknown function 'foo:bar:'"),
        ("abs(1, 2) == 1", 1, "expected 1 argument for 'abs:', found '2'"),
        ("now(1) == 1", 1, "expected 0 arguments for 'now', found '1'"),
        ("FUNCTION(SELF, 'foo') == 1", 1, "FUNCTION calls an Objective-C method"),
        ("players[MIDDLE].name == 1", 9, "expected SIZE, FIRST, LAST or a position from 0 in brackets"),
        ("players[-1] == 1", 9, "expected SIZE, FIRST, LAST or a position from 0 in brackets"),
        ("players[FIRST.name == 1", 14, "expected ']' after the position"),
        ("SUBQUERY(players, p, TRUEPREDICATE).@count > 0", 19, "expected a variable such as $x"),
        ("SUBQUERY(1, $p, TRUEPREDICATE).@count > 0", 10, "expected a key path to a to-many relationship"),
        ("SUBQUERY(players, $p, TRUEPREDICATE).@sum > 0", 38, "expected @count after 'SUBQUERY(…).'"),
        (
            "SUBQUERY(a, $p, SUBQUERY(b, $q, $p == 1).@count > 0).@count > 0", 33,
            "expected the variable of the innermost SUBQUERY"
        ),
        ("(a + 1 == 2", 12, "expected ')', found end of input"),
        ("a & b", 6, "expected a comparison operator, found end of input"),
        ("a + == 1", 5, "expected a value after '+', found '=='"),
        ("ANY isActive", 13, "expected a comparison operator, found end of input"),
        (#"name == {"$eq": "a"}"#, 15, "expected ',' or '}' in the list, found ':'"),
        ("1", 2, "expected a comparison operator, found end of input"),
    ])
    func malformedExpressions(format: String, column: Int, message: String) {
        let error = parseError(format)
        #expect(error?.column == column, "\(error.map(String.init(describing:)) ?? "no error")")
        #expect(error?.description.contains(message) == true, "\(error.map(String.init(describing:)) ?? "no error")")
    }
}
