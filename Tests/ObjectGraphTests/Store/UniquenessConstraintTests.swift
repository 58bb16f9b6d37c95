import Foundation
import TestSupport
import Testing

@testable import ObjectGraph
@testable import ObjectGraphSQLite

/// A model with uniqueness constraints, as Xcode writes them: teams unique by code and by
/// name, players by shirt number within their team (a to-one in a constraint), coaches by
/// name (an inherited attribute, binding coaches only).
enum ConstrainedModel {
    static let entities = """
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="code" optional="YES" attributeType="String"/>
            <attribute name="name" attributeType="String"/>
            <relationship name="people" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Human" inverseName="team" inverseEntity="Human"/>
            <uniquenessConstraints>
                <uniquenessConstraint><constraint value="code"/></uniquenessConstraint>
                <uniquenessConstraint><constraint value="name"/></uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
        <entity name="Human" representedClassName="Human" isAbstract="YES" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="people" inverseEntity="Team"/>
        </entity>
        <entity name="Player" representedClassName="Player" parentEntity="Human" syncable="YES">
            <attribute name="number" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            <uniquenessConstraints>
                <uniquenessConstraint><constraint value="team"/><constraint value="number"/></uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
        <entity name="Coach" representedClassName="Coach" parentEntity="Human" syncable="YES">
            <uniquenessConstraints>
                <uniquenessConstraint><constraint value="name"/></uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
        """

    static func load() throws -> ManagedObjectModel {
        try ManagedObjectModel(xml: ModelXML.model(entities))
    }
}

/// The conflict a failing save throws, or `nil` (recorded) when it does not fail that way.
private func constraintConflict(
    _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) -> ConstraintConflict? {
    do {
        try body()
        Issue.record("the save succeeded", sourceLocation: sourceLocation)
    } catch let conflict as ConstraintConflict {
        return conflict
    } catch {
        Issue.record("expected a constraint conflict, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

@Suite("Uniqueness constraints: enforced by the store")
struct UniquenessConstraintTests {
    @Test("A model reads its uniqueness constraints from Xcode's XML and resolves them")
    func modelReadsConstraints() throws {
        let model = try ConstrainedModel.load()
        #expect(model.entity(named: "Team")?.uniquenessConstraints == [["code"], ["name"]])
        #expect(model.entity(named: "Player")?.uniquenessConstraints == [["team", "number"]])
        // Resolved, with the ancestors' first (Human declares none).
        #expect(model.entity(named: "Player")?.constraints.map(\.names) == [["team", "number"]])
        #expect(model.entity(named: "Coach")?.constraints.map(\.names) == [["name"]])
    }

    @Test(
        "A constraint naming no stored attribute or to-one is refused when the model is built",
        arguments: [
            ("[]", "names no property"),
            ("[\"code\", \"code\"]", "names a property twice"),
            ("[\"colour\"]", "names 'colour', which the entity does not have"),
            ("[\"people\"]", "names to-many relationship 'people'"),
            ("[\"nickname\"]", "names transient attribute 'nickname'"),
        ])
    func invalidConstraintsAreRefused(constraint: String, why: String) throws {
        let names = try JSONDecoder().decode([String].self, from: Data(constraint.utf8))
        let team = EntityDescription(
            "Team",
            attributes: [
                AttributeDescription("code", .string), AttributeDescription("nickname", .string, isTransient: true),
            ],
            relationships: [RelationshipDescription("people", destination: "Person", inverse: "team", toMany: true)],
            uniquenessConstraints: [names])
        let person = EntityDescription(
            "Person", relationships: [RelationshipDescription("team", destination: "Team", inverse: "people")])
        #expect {
            try ManagedObjectModel(entities: [team, person])
        } throws: { error in
            guard let error = error as? ModelError, case .invalidUniquenessConstraint(let text) = error.reason else {
                return false
            }
            return error.entity == "Team" && text.contains(why) && error.description.contains("uniqueness constraint")
        }
    }

    @Test("Constraints are part of the version hashes; a model without any hashes as before")
    func constraintsChangeVersionHashes() throws {
        let constrained = try ConstrainedModel.load()
        let plain = try ManagedObjectModel(
            xml: ModelXML.model(
                ConstrainedModel.entities.replacingOccurrences(
                    of: #"<uniquenessConstraints>[\s\S]*?</uniquenessConstraints>"#, with: "", options: .regularExpression)))
        #expect(plain.entities.allSatisfy { $0.uniquenessConstraints.isEmpty })
        let changed = constrained.entityVersionHashes.filter { plain.entityVersionHashes[$0.key] != $0.value }.keys
        // Human declares none, but its children do.
        #expect(Set(changed) == ["Team", "Player", "Coach"])
    }

    @Test(
        "Saving an object whose key another saved object has fails, names both, and writes nothing", arguments: StoreKind.allCases
    )
    func duplicateOfSavedObject(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: ConstrainedModel.load())
        let context = stack.context
        let germany = try context.make("Team", ["code": "GER", "name": "Deutschland"])
        try context.save()
        let copy = try context.make("Team", ["code": "GER", "name": "Germany"])
        let conflict = try #require(constraintConflict { try context.save() })
        #expect(conflict.entityName == "Team" && conflict.constraint == ["code"] && conflict.values == ["\"GER\""])
        #expect(conflict.objectID == copy.objectID && conflict.conflictingObjectID == germany.objectID)
        #expect(conflict.description.contains("code \"GER\""))
        #expect(context.hasChanges && copy.objectID.isTemporaryID)
        #expect(try stack.newContext().count(for: FetchRequest<ManagedObject>(entityName: "Team")) == 1)
        // Another code, and the same save goes through.
        try copy.setValue("DEU", forKey: "code")
        try context.save()
        #expect(try stack.newContext().count(for: FetchRequest<ManagedObject>(entityName: "Team")) == 2)
    }

    @Test(
        "Two new objects of one save with one key: the second names the first by its temporary ID", arguments: StoreKind.allCases)
    func duplicateWithinOneSave(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: ConstrainedModel.load())
        let context = stack.context
        let first = try context.make("Team", ["code": "ESP", "name": "Spanien"])
        let second = try context.make("Team", ["code": "POR", "name": "Spanien"])
        let conflict = try #require(constraintConflict { try context.save() })
        #expect(conflict.constraint == ["name"] && conflict.values == ["\"Spanien\""])
        #expect(conflict.objectID == second.objectID && conflict.conflictingObjectID == first.objectID)
        #expect(try stack.newContext().count(for: FetchRequest<ManagedObject>(entityName: "Team")) == 0)
    }

    @Test("A compound constraint with a to-one: one shirt number per team, free across teams", arguments: StoreKind.allCases)
    func compoundConstraintWithToOne(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: ConstrainedModel.load())
        let context = stack.context
        let germany = try context.make("Team", ["code": "GER", "name": "Deutschland"])
        let spain = try context.make("Team", ["code": "ESP", "name": "Spanien"])
        try context.make("Player", ["name": "Musiala", "number": 10, "team": germany])
        try context.make("Player", ["name": "Olmo", "number": 10, "team": spain])
        // Without a team or a number, a player is bound by nothing.
        try context.make("Player", ["name": "Free", "number": 10])
        try context.make("Player", ["name": "Agent", "number": 10])
        try context.make("Player", ["name": "Unnumbered", "team": germany])
        try context.make("Player", ["name": "Unnumbered too", "team": germany])
        try context.save()

        let other = try stack.separateContext()
        let team = try #require(
            try other.fetch(
                FetchRequest<ManagedObject>(entityName: "Team", predicate: try FetchPredicate(format: "code == 'GER'"))
            ).first)
        let duplicate = try other.make("Player", ["name": "Wirtz", "number": 10, "team": team])
        let conflict = try #require(constraintConflict { try other.save() })
        #expect(conflict.entityName == "Player" && conflict.constraint == ["team", "number"])
        #expect(conflict.values == [team.objectID.description, "10"])
        #expect(conflict.objectID == duplicate.objectID)
        let holder = try other.existingObject(with: conflict.conflictingObjectID)
        #expect(try holder.value(forKey: "name") as? String == "Musiala")
    }

    @Test(
        "Objects that swap their keys in one save, or a deleted object's key taken by a new one, save",
        arguments: StoreKind.allCases)
    func swapsAndReusedKeysSave(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: ConstrainedModel.load())
        let context = stack.context
        let germany = try context.make("Team", ["code": "GER", "name": "Deutschland"])
        let musiala = try context.make("Player", ["name": "Musiala", "number": 10, "team": germany])
        let wirtz = try context.make("Player", ["name": "Wirtz", "number": 17, "team": germany])
        let spain = try context.make("Team", ["code": "ESP", "name": "Spanien"])
        try context.save()

        try musiala.setValue(17, forKey: "number")
        try wirtz.setValue(10, forKey: "number")
        try germany.setValue("ESP", forKey: "code")
        try spain.setValue("GER", forKey: "code")
        try context.save()
        context.delete(spain)
        try context.make("Team", ["code": "GER", "name": "Spanien"])
        try context.save()

        let reader = stack.newContext()
        let players = try reader.fetch(
            FetchRequest<ManagedObject>(entityName: "Player", sortOrderings: [FetchOrdering("number")]))
        #expect(try players.map { try $0.value(forKey: "name") as? String } == ["Musiala", "Wirtz"].reversed())
        let codes = try reader.fetch(FetchRequest<ManagedObject>(entityName: "Team", sortOrderings: [FetchOrdering("code")]))
        #expect(try codes.map { try $0.value(forKey: "name") as? String } == ["Deutschland", "Spanien"])
    }

    @Test("A change to a key another object has fails; the saved values are as they were", arguments: StoreKind.allCases)
    func updateToTakenKey(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: ConstrainedModel.load())
        let context = stack.context
        let germany = try context.make("Team", ["code": "GER", "name": "Deutschland"])
        try context.make("Player", ["name": "Musiala", "number": 10, "team": germany])
        let wirtz = try context.make("Player", ["name": "Wirtz", "number": 17, "team": germany])
        try context.save()
        try wirtz.setValue(10, forKey: "number")
        try wirtz.setValue("Florian Wirtz", forKey: "name")
        let conflict = try #require(constraintConflict { try context.save() })
        #expect(conflict.objectID == wirtz.objectID && conflict.values == [germany.objectID.description, "10"])
        let saved = try stack.newContext().existingObject(with: wirtz.objectID)
        #expect(try saved.attribute("number") == .integer(17) && saved.value(forKey: "name") as? String == "Wirtz")
        context.rollback()
        try context.save()
    }

    @Test("A sub-entity's constraint on an inherited attribute binds its own objects only", arguments: StoreKind.allCases)
    func subentityConstraintOnInheritedAttribute(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: ConstrainedModel.load())
        let context = stack.context
        try context.make("Coach", ["name": "Nagelsmann"])
        try context.make("Player", ["name": "Nagelsmann", "number": 1])
        try context.save()
        let second = try context.make("Coach", ["name": "Nagelsmann"])
        let conflict = try #require(constraintConflict { try context.save() })
        #expect(conflict.entityName == "Coach" && conflict.objectID == second.objectID)
        #expect(conflict.conflictingObjectID.entity.name == "Coach")
    }

    @Test("Text is compared byte for byte in both stores, as SQLite's unique index compares it", arguments: StoreKind.allCases)
    func textComparedByteForByte(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: ConstrainedModel.load())
        let context = stack.context
        // "Türkiye" precomposed and decomposed: equal as Swift strings, distinct to SQLite.
        try context.make("Team", ["code": "TUR", "name": "T\u{00FC}rkiye"])
        try context.make("Team", ["code": "TR2", "name": "Tu\u{0308}rkiye"])
        try context.make("Team", ["code": "tur", "name": "turkiye"])
        try context.save()
        #expect(try stack.newContext().count(for: FetchRequest<ManagedObject>(entityName: "Team")) == 3)
    }

    @Test("The SQLite store keeps a unique index per constraint, which refuses a raw SQL writer too")
    func uniqueIndexesInTheFile() throws {
        let stack = try TestStack(.sqlite, model: ConstrainedModel.load())
        try stack.context.make("Team", ["code": "GER", "name": "Deutschland"])
        try stack.context.save()
        let connection = try SQLiteConnection(path: try #require(stack.storeURL).path)
        let sql = try connection.prepare(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND sql LIKE 'CREATE UNIQUE%' ORDER BY name"
        )
        .rows().map(\.[0])
        #expect(sql.count == 4)
        #expect(sql.contains(.text("CREATE UNIQUE INDEX ZTEAM_ZCODE_UNIQUE ON ZTEAM (ZCODE)")))
        #expect(sql.contains { $0.description.contains("ON ZHUMAN (ZTEAM, ZNUMBER) WHERE Z_ENT IN (") })
        #expect(throws: SQLiteError.self) {
            try connection.execute("INSERT INTO ZTEAM (Z_PK, Z_ENT, Z_OPT, ZCODE, ZNAME) VALUES (99, 4, 1, 'GER', 'Copy')")
        }
    }

    /// The model without its constraints: what an earlier version of it was.
    static let unconstrained = ModelXML.model(
        ConstrainedModel.entities.replacingOccurrences(
            of: #"<uniquenessConstraints>[\s\S]*?</uniquenessConstraints>"#, with: "", options: .regularExpression))

    @Test(
        "Migrating to a version with constraints fails, naming the duplicates, and leaves the store as it was",
        arguments: StoreKind.sqlStores)
    func migrationRefusesDuplicates(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.unconstrained) { context in
            let germany = try context.insert("Team", ["code": "GER", "name": "Deutschland"])
            try context.insert("Team", ["code": "GER", "name": "Germany"])
            try context.insert("Team", ["code": "ESP", "name": "Spanien"])
            try context.insert("Team", ["code": "ESP", "name": "Spain"])
            try context.insert("Team", ["code": "ESP", "name": "España"])
            try context.insert("Player", ["name": "Musiala", "number": 10, "team": germany])
        }
        let before = try StoreBytes(of: store)
        let versions: [(name: String, xml: Data)] = [
            ("v1", Self.unconstrained), ("v2", ModelXML.model(ConstrainedModel.entities)),
        ]
        #expect {
            try store.open(try ManagedObjectModel.versioned(versions))
        } throws: { error in
            guard case StoreError.cannotMigrate(_, let migration) = error,
                case .duplicateValues(["code"], ["\"ESP\""], 3, 1) = migration.reason
            else { return false }
            return migration.entity == "Team"
                && "\(error)".contains("3 objects have code \"ESP\" (and 1 more shared value(s))")
        }
        #expect(try StoreBytes(of: store) == before)
        #expect(!store.hasBackup)

        // With the duplicates gone, the store migrates and gets its unique indexes.
        let old = try store.open(try ManagedObjectModel(xml: Self.unconstrained))
        for team in try old.all("Team", by: "name")
        where ["Germany", "Spain", "España"].contains(try team.value(forKey: "name") as? String) {
            old.delete(team)
        }
        try old.save()
        let migrated = try store.open(try ManagedObjectModel.versioned(versions))
        let uniqueIndexes =
            kind == .postgreSQL
            ? """
            SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() \
            AND indexdef LIKE 'CREATE UNIQUE INDEX%' AND indexname NOT LIKE '%_pkey'
            """
            : "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE UNIQUE INDEX%'"
        #expect(try store.texts(uniqueIndexes).count == 4)
        try migrated.insert("Team", ["code": "GER", "name": "Germany"])
        #expect(throws: ConstraintConflict.self) { try migrated.save() }
    }
}
