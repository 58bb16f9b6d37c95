import Foundation
import ObjectGraph
import TestSupport
import Testing

/// save() checks every rule of the model first and writes nothing when any is broken.
@Suite("Validation")
struct ValidationTests {
    @Test(
        "Every broken rule is reported at once, naming object, entity and property; nothing is written",
        arguments: StoreKind.allCases)
    func collectsAllErrors(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        try context.make("Team", ["name": "P", "code": "pol", "rating": 120.0])
        try context.make("Player", ["number": 40000, "position": "XX"])
        try context.make("Player", ["name": "Zero", "number": 0])
        try context.make("Match", [:])
        try context.make("Group", ["name": "A"])

        let error = try #require(throws: ValidationErrors.self) { try context.save() }
        let found = Set(error.errors.map { "\($0.entity).\($0.property)" })
        #expect(
            found == [
                "Team.name", "Team.code", "Team.rating",
                "Player.name", "Player.number", "Player.position",
                "Match.kickoff",
            ])
        let kinds = error.errors.map(\.kind)
        #expect(kinds.contains(.tooShort(2)))
        #expect(kinds.contains(.patternMismatch("[A-Z]{3}")))
        #expect(kinds.contains(.aboveMaximum("100.0")))
        #expect(kinds.contains(.typeOverflow("Integer 16")))
        #expect(kinds.contains(.belowMinimum("1")))
        #expect(kinds.contains(.missingValue))
        #expect(error.errors.count == 9)
        for single in error.errors {
            #expect(single.description.contains("\(single.entity).\(single.property)"))
            #expect(single.description.contains(single.objectID.description))
        }
        #expect(context.hasChanges, "the context keeps its changes")
        #expect(try stack.newContext().all("Group").isEmpty, "nothing was written")
    }

    @Test("Validation runs on updates too, and the store keeps the last valid state", arguments: StoreKind.allCases)
    func validatesUpdates(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let team = try stack.context.make("Team", ["name": "Polen"])
        try stack.context.save()
        try team.setValue(String(repeating: "x", count: 41), forKey: "name")
        let error = try #require(throws: ValidationErrors.self) { try stack.context.save() }
        #expect(error.errors.map(\.kind) == [.tooLong(40)])
        #expect(try stack.newContext().all("Team").map { $0.string("name") } == ["Polen"])
    }

    @Test("Dates and floating-point values respect their bounds; integers their type's range", arguments: StoreKind.allCases)
    func boundsOfOtherTypes(kind: StoreKind) throws {
        let start = Date(timeIntervalSinceReferenceDate: 360_000_000)
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Fixture",
                attributes: [
                    AttributeDescription("kickoff", .date, minValue: .date(start), maxValue: .date(start + 86_400 * 30)),
                    AttributeDescription("weight", .float, minValue: .double(0.5)),
                    AttributeDescription("small", .integer32),
                ])
        ])
        let stack = try TestStack(kind, model: model)
        try stack.context.make("Fixture", ["kickoff": start - 1, "weight": 0.25, "small": Int64(Int32.max) + 1])
        try stack.context.make("Fixture", ["kickoff": start + 86_400 * 31, "weight": 0.5, "small": Int32.min])
        let error = try #require(throws: ValidationErrors.self) { try stack.context.save() }
        let kinds = error.errors.map { "\($0.property) \($0.kind)" }.sorted()
        #expect(kinds.count == 4)
        #expect(kinds.filter { $0.hasPrefix("kickoff") }.count == 2)
        #expect(kinds.contains { $0.hasPrefix("weight belowMinimum") })
        #expect(kinds.contains { $0.hasPrefix("small typeOverflow") })
    }

    @Test("Required to-ones and to-many counts are checked")
    func relationshipRules() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Squad",
                relationships: [
                    RelationshipDescription(
                        "members", destination: "Member", inverse: "squad", toMany: true,
                        minCount: 2, maxCount: 3)
                ]),
            EntityDescription(
                "Member",
                relationships: [
                    RelationshipDescription("squad", destination: "Squad", inverse: "members", isOptional: false)
                ]),
        ])
        let stack = try TestStack(.inMemory, model: model)
        let squad = try stack.context.make("Squad")
        let lonely = try stack.context.make("Member")
        squad.addRelatedObject(try stack.context.make("Member"), forKey: "members")
        var error = try #require(throws: ValidationErrors.self) { try stack.context.save() }
        #expect(Set(error.errors.map(\.kind)) == [.tooFewObjects(2), .missingValue])
        for _ in 0..<3 { squad.addRelatedObject(try stack.context.make("Member"), forKey: "members") }
        squad.addRelatedObject(lonely, forKey: "members")
        error = try #require(throws: ValidationErrors.self) { try stack.context.save() }
        #expect(error.errors.map(\.kind) == [.tooManyObjects(3)])
    }
}
