import Foundation
import ObjectGraph
import ObjectGraphCodegen
import Testing

@testable import EMPlanner

/// The embedded planner model.
@Suite("Planner model")
struct PlannerModelTests {
    /// The repository's root directory.
    static let root = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("The embedded EM model loads with the lecture's entities and its templates")
    func loads() throws {
        let model = try PlannerModel.load()
        #expect(
            model.entities.map(\.name) == [
                "Appearance", "Card", "Coach", "Competition", "Goal", "Group", "Human", "Match", "PenaltyKick", "Player",
                "Team", "TeamAlias",
            ])
        #expect(model.versionName == "EM 8")
        #expect(try model.versions().map(\.versionName) == ["EM", "EM 2", "EM 3", "EM 4", "EM 5", "EM 6", "EM 7", "EM 8"])
        #expect(model.entity(named: "Human")?.isAbstract == true)
        #expect(model.entity(named: "Player")?.superentity?.name == "Human")
        #expect(model.fetchRequestTemplates["initialisationCheck"] != nil)
        #expect(model.entity(named: "Team")?.managedObjectClass == Team.self)
    }

    @Test("The embedded model passes every check, its regular expressions included")
    func embeddedModelIsValid() throws {
        let checked = try ManagedObjectModel(xml: PlannerModel.xml)
        #expect(checked.entityVersionHashes == (try PlannerModel.load().entityVersionHashes))
        #expect(checked.entities.contains { $0.attributes.contains { $0.regularExpression != nil } })
    }

    @Test("The committed generated classes and the embedded model match Resources/EM.xcdatamodeld")
    func generatedClassesAreCurrent() throws {
        let model = try ManagedObjectModel(contentsOf: Self.root.appending(path: "Resources/EM.xcdatamodeld"))
        let generated = Self.root.appending(path: "Sources/EMPlanner/Generated")
        let outdated = ClassGenerator(model: model, modelName: "EM", accessLevel: "internal").outdatedFiles(in: generated)
        let names = outdated.map(\.description).joined(separator: ", ")
        #expect(outdated.isEmpty, "out of date in Sources/EMPlanner/Generated: \(names); run make generate")
        #expect(try PlannerModel.load().entityVersionHashes == model.entityVersionHashes)
    }

    // MARK: The compiled model

    @Test("The compiled current version is the XML one: hashes, versions and every setting")
    func compiledModelIsTheXMLModel() throws {
        let compiled = try PlannerModel.load()
        let xml = try ManagedObjectModel(versions: PlannerModel.versions, current: PlannerModel.currentVersion)
        #expect(compiled.entityVersionHashes == xml.entityVersionHashes)
        #expect(try compiled.versions().map(\.versionName) == (try xml.versions().map(\.versionName)))
        for (older, xmlOlder) in zip(try compiled.versions().dropLast(), try xml.versions().dropLast()) {
            #expect(older.entityVersionHashes == xmlOlder.entityVersionHashes, "\(older.versionName ?? "")")
        }
        let compiledSettings = Self.settings(of: compiled)
        let xmlSettings = Self.settings(of: xml)
        #expect(compiledSettings.keys.sorted() == xmlSettings.keys.sorted())
        for (key, value) in xmlSettings.sorted(by: { $0.key < $1.key }) {
            #expect(compiledSettings[key] == value, "\(key)")
        }
    }

    @Test("The committed compiled model is what og-codegen compiles from Resources/EM.xcdatamodeld")
    func compiledModelIsCurrent() throws {
        let model = try ManagedObjectModel(contentsOf: Self.root.appending(path: "Resources/EM.xcdatamodeld"))
        let generator = try ModelSourceGenerator(model: model, modelName: "EM", typeName: "EMModel", accessLevel: "internal")
        let outdated = generator.outdatedFile(in: Self.root.appending(path: "Sources/EMPlanner/Generated"))
        #expect(outdated == nil, "\(outdated?.description ?? "") in Sources/EMPlanner/Generated; run make generate")
    }

    /// Every setting of a model, read from its descriptions (not from og-codegen's output), by
    /// what it belongs to: `model`, `Team`, `Team.code`, `template teamByCode`.
    static func settings(of model: ManagedObjectModel) -> [String: [AnyHashable]] {
        var settings: [String: [AnyHashable]] = ["model": [model.versionName, model.versionIdentifiers]]
        for entity in model.entities {
            settings[entity.name] = [
                entity.managedObjectClassName, entity.isAbstract, entity.superentityName, entity.superentity?.name,
                entity.subentities.map(\.name), entity.renamingIdentifier, entity.versionHashModifier,
                entity.uniquenessConstraints, entity.entityNumber, entity.ownAttributes.map(\.name),
                entity.ownRelationships.map(\.name), entity.attributes.map(\.name), entity.relationships.map(\.name),
            ]
            for attribute in entity.ownAttributes {
                settings["\(entity.name).\(attribute.name)"] = [
                    attribute.attributeType, attribute.isOptional, attribute.isTransient, attribute.isIndexed,
                    attribute.defaultValue, attribute.minValue, attribute.maxValue, attribute.minLength, attribute.maxLength,
                    attribute.regularExpression, attribute.renamingIdentifier, attribute.versionHashModifier,
                    attribute.entity.name,
                ]
            }
            for relationship in entity.ownRelationships {
                settings["\(entity.name).\(relationship.name)"] = [
                    relationship.destinationEntityName, relationship.destinationEntity.name, relationship.inverseName,
                    relationship.inverseRelationship?.name, relationship.isToMany, relationship.deleteRule,
                    relationship.isOptional, relationship.isTransient, relationship.minCount, relationship.maxCount,
                    relationship.renamingIdentifier, relationship.versionHashModifier, relationship.entity.name,
                ]
            }
        }
        for (name, template) in model.fetchRequestTemplates {
            settings["template \(name)"] = [
                template.entityName, template.predicate, template.sortOrderings, template.fetchLimit, template.fetchOffset,
                template.includesSubentities, template.includesPendingChanges, template.returnsObjectsAsFaults,
                template.includesPropertyValues,
            ]
        }
        return settings
    }
}
