import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// Every refusal is checked on a SQLite store whose last save is still in its `-wal`, as a
/// running program leaves it: the refused opening must leave both files byte for byte as they
/// were; and on a PostgreSQL store, whose tables and rows must stay as they were.
@Suite("Migration: refusals leave the store and its log untouched")
struct MigrationRefusalTests {
    static let v1Entities = """
        <entity name="Player" representedClassName="Player" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <attribute name="number" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
        </entity>
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="founded" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            <attribute name="motto" optional="YES" attributeType="String"/>
            <attribute name="name" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
        </entity>
        """

    static let v1 = ModelXML.model(v1Entities)

    /// Makes the store: two teams and two players (in a SQLite store, checkpointed into the
    /// file), then a team and a player without number or team (in the log only).
    static func makeStore(_ kind: StoreKind) throws -> MigrationStore {
        let store = try MigrationStore(kind)
        let first = { (context: ManagedObjectContext) in
            let germany = try context.insert("Team", ["name": "Deutschland", "founded": 1900, "motto": "Die Mannschaft"])
            let scotland = try context.insert("Team", ["name": "Schottland", "founded": 1873])
            try context.insert("Player", ["name": "Musiala", "number": 10, "team": germany])
            try context.insert("Player", ["name": "Robertson", "number": 3, "team": scotland])
        }
        let then = { (context: ManagedObjectContext) in
            try context.insert("Team", ["name": "Ungarn", "founded": 1901])
            try context.insert("Player", ["name": "Neuer"])
        }
        if kind == .postgreSQL {
            try store.create(Self.v1, first)
            let context = try store.open(try ManagedObjectModel(xml: Self.v1))
            try then(context)
            try context.save()
        } else {
            try store.createWithPendingLog(Self.v1, first, then: then)
        }
        return store
    }

    /// Checks that the store, read with the first version, holds everything, the log's objects
    /// included.
    static func expectIntact(_ store: MigrationStore) throws {
        let context = try store.open(try ManagedObjectModel(xml: v1))
        #expect(try context.names("Team") == ["Deutschland", "Schottland", "Ungarn"])
        #expect(try context.names("Player") == ["Musiala", "Neuer", "Robertson"])
        #expect(try context.one("Team", named: "Deutschland").names(of: "players") == ["Musiala"])
    }

    /// A change lightweight migration cannot infer.
    enum Refusal: String, CaseIterable, Sendable {
        case typeChanged, requiredAttributeAdded, attributeMadeRequired, ambiguousRename, toManyBecameToOne
        case requiredRelationshipAdded, relationshipMadeRequired, relationshipMadeRequiredAmongOtherChanges, destinationChanged

        /// The edits making the second version.
        var changes: [(String, String)] {
            switch self {
            case .typeChanged:
                return [
                    (
                        #"<attribute name="founded" optional="YES" attributeType="Integer 16""#,
                        #"<attribute name="founded" optional="YES" attributeType="String""#
                    )
                ]
            case .requiredAttributeAdded:
                return [
                    (
                        #"<attribute name="number""#,
                        #"<attribute name="position" attributeType="String"/><attribute name="number""#
                    )
                ]
            case .attributeMadeRequired:
                return [(#"<attribute name="number" optional="YES""#, #"<attribute name="number""#)]
            case .ambiguousRename:
                return [
                    (
                        #"<attribute name="motto" optional="YES" attributeType="String"/>"#,
                        #"<attribute name="slogan" optional="YES" attributeType="String" elementID="motto"/><attribute name="tagline" optional="YES" attributeType="String" elementID="motto"/>"#
                    )
                ]
            case .toManyBecameToOne:
                return [
                    (
                        #"<relationship name="players" optional="YES" toMany="YES""#,
                        #"<relationship name="players" optional="YES" maxCount="1""#
                    )
                ]
            case .requiredRelationshipAdded:
                return [
                    (
                        #"<relationship name="team""#,
                        #"<relationship name="nation" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="nationals" inverseEntity="Team"/><relationship name="team""#
                    ),
                    (
                        #"<relationship name="players""#,
                        #"<relationship name="nationals" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Player" inverseName="nation" inverseEntity="Player"/><relationship name="players""#
                    ),
                ]
            case .relationshipMadeRequired:
                return [(#"<relationship name="team" optional="YES" maxCount="1""#, #"<relationship name="team" maxCount="1""#)]
            case .relationshipMadeRequiredAmongOtherChanges:
                return Refusal.relationshipMadeRequired.changes + [
                    (
                        #"<attribute name="number""#,
                        #"<attribute name="position" optional="YES" attributeType="String"/><attribute name="number""#
                    )
                ]
            case .destinationChanged:
                return [
                    (
                        #"destinationEntity="Team" inverseName="players" inverseEntity="Team""#,
                        #"destinationEntity="Club" inverseName="members" inverseEntity="Club""#
                    ),
                    (
                        #"<relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>"#,
                        ""
                    ),
                    (
                        #"<entity name="Team""#,
                        #"<entity name="Club" representedClassName="Club" syncable="YES"><attribute name="name" attributeType="String"/><relationship name="members" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Player" inverseName="team" inverseEntity="Player"/></entity><entity name="Team""#
                    ),
                ]
            }
        }

        var entity: String {
            switch self {
            case .typeChanged, .ambiguousRename, .toManyBecameToOne: return "Team"
            default: return "Player"
            }
        }

        var properties: Set<String> {
            switch self {
            case .typeChanged: return ["founded"]
            case .requiredAttributeAdded: return ["position"]
            case .attributeMadeRequired: return ["number"]
            case .ambiguousRename: return ["slogan", "tagline"]
            case .toManyBecameToOne: return ["players"]
            case .requiredRelationshipAdded: return ["nation"]
            case .relationshipMadeRequired, .relationshipMadeRequiredAmongOtherChanges, .destinationChanged: return ["team"]
            }
        }

        func isExpected(_ reason: MigrationError.Reason) -> Bool {
            switch (self, reason) {
            case (.typeChanged, .typeChanged(from: .integer16, to: .string)): return true
            case (.requiredAttributeAdded, .requiredWithoutDefault(objectsWithoutValue: nil)): return true
            // Only the player in the log lacks a number, and a team.
            case (.attributeMadeRequired, .requiredWithoutDefault(objectsWithoutValue: 1)): return true
            case (.ambiguousRename, .ambiguousRename(let names)): return names.contains("motto")
            case (.toManyBecameToOne, .toManyBecameToOne): return true
            case (.requiredRelationshipAdded, .requiredRelationship(objectsWithoutDestination: nil)): return true
            case (.relationshipMadeRequired, .requiredRelationship(objectsWithoutDestination: 1)),
                (.relationshipMadeRequiredAmongOtherChanges, .requiredRelationship(objectsWithoutDestination: 1)):
                return true
            case (.destinationChanged, .destinationChanged("Team")): return true
            default: return false
            }
        }
    }

    @Test(
        "A change that cannot be inferred is refused, named, with the store and its log unchanged",
        arguments: StoreKind.sqlStores, Refusal.allCases)
    func refused(kind: StoreKind, _ refusal: Refusal) throws {
        try withKnownIssue(
            """
            A relationship's optionality is not part of its entity's version hash \
            (ManagedObjectModel.entityVersionHashes): made required alone, it leaves the store \
            "compatible", which opens without migrating, so without checking the objects lacking \
            a destination.
            """
        ) {
            try Self.expectRefused(refusal, kind: kind)
        } when: {
            refusal == .relationshipMadeRequired
        }
    }

    static func expectRefused(_ refusal: Refusal, kind: StoreKind) throws {
        let store = try Self.makeStore(kind)
        let before = try StoreBytes(of: store)
        try #require(kind == .postgreSQL || before.log != nil)
        let model = try ManagedObjectModel.versioned([
            ("Model", Self.v1), ("Model 2", ModelXML.model(try ModelXML.edit(Self.v1Entities, refusal.changes))),
        ])

        let storeError = try storeError { _ = try store.open(model) }
        let error = try migrationError(storeError)
        #expect(refusal.isExpected(error.reason), "\(error.reason)")
        #expect(error.sourceVersion == "Model")
        #expect(error.destinationVersion == "Model 2")
        #expect(error.entity == refusal.entity)
        let property = try #require(error.property)
        #expect(refusal.properties.contains(property))
        let message = "\(storeError)"
        for part in [#""Model""#, #""Model 2""#, "'\(refusal.entity)'", "'\(property)'", try store.name] {
            #expect(message.contains(part), "\(message) lacks \(part)")
        }
        #expect(try StoreBytes(of: store) == before)
        #expect(!store.hasBackup)
        try Self.expectIntact(store)
    }

    /// A second version that migrates: an optional attribute added.
    static let migratable = ModelXML.model(
        v1Entities.replacingOccurrences(
            of: #"<attribute name="name" attributeType="String"/>"#,
            with:
                #"<attribute name="name" attributeType="String"/><attribute name="country" optional="YES" attributeType="String"/>"#
        ))

    @Test(
        "A store of an older version is refused, unchanged, when migration is turned off",
        arguments: [
            StoreOptions(shouldMigrateStoreAutomatically: false),
            StoreOptions(shouldInferMappingModelAutomatically: false),
        ])
    func migrationTurnedOff(options: StoreOptions) throws {
        for kind in StoreKind.sqlStores { try expectRefusedWhenTurnedOff(kind: kind, options: options) }
    }

    func expectRefusedWhenTurnedOff(kind: StoreKind, options: StoreOptions) throws {
        let store = try Self.makeStore(kind)
        let before = try StoreBytes(of: store)
        let model = try ManagedObjectModel.versioned([("Model", Self.v1), ("Model 2", Self.migratable)])

        let error = try storeError { _ = try store.open(model, options: options) }
        guard case .incompatibleModel(let path, let entities) = error else {
            Issue.record("expected incompatibleModel, got \(error)")
            return
        }
        #expect(path == (try store.name))
        #expect(entities == ["Player", "Team"])
        #expect(try StoreBytes(of: store) == before)
        #expect(!store.hasBackup)
        #expect(
            try store.metadata().entityVersionHashes
                == (try ManagedObjectModel(xml: Self.v1)).entityVersionHashes.mapValues { Data($0) })

        // The same change migrates with the default options.
        let context = try store.open(model)
        #expect(try context.names("Player") == ["Musiala", "Neuer", "Robertson"])
        #expect(try context.one("Team", named: "Ungarn").value(forKey: "founded") as? Int64 == 1901)
    }

    @Test("A store of a version the model does not have is refused, unchanged", arguments: StoreKind.sqlStores)
    func unknownVersion(kind: StoreKind) throws {
        let store = try Self.makeStore(kind)
        let before = try StoreBytes(of: store)
        // The model's versions know no `motto`.
        let withoutMotto = ModelXML.model(
            Self.v1Entities.replacingOccurrences(
                of: #"<attribute name="motto" optional="YES" attributeType="String"/>"#, with: ""))
        let model = try ManagedObjectModel.versioned([("Model", withoutMotto), ("Model 2", Self.migratable)])
        let metadata = try store.metadata()
        #expect(try model.version(matching: metadata) == nil)

        let error = try storeError { _ = try store.open(model) }
        guard case .incompatibleModel(_, let entities) = error else {
            Issue.record("expected incompatibleModel, got \(error)")
            return
        }
        #expect(entities.contains("Team"))
        #expect("\(error)".contains("Team"))
        #expect(try StoreBytes(of: store) == before)
        #expect(!store.hasBackup)
        try Self.expectIntact(store)
    }
}
