import Foundation
import ObjectGraph
import ObjectGraphCodegen
import TestSupport
import Testing

@Suite("Generated classes")
struct GeneratedClassesTests {
    /// `Tests/ObjectGraphTests/Generated`, where the fixture's classes are committed.
    static let generatedDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Generated")

    @Test func committedClassesMatchTheFixture() throws {
        let generator = ClassGenerator(model: try TournamentModel.loadFixture(), modelName: "Tournament")
        let outdated = generator.outdatedFiles(in: Self.generatedDirectory)
        #expect(
            outdated.isEmpty,
            """
            Out of date in Tests/ObjectGraphTests/Generated: \(outdated.map(\.description).joined(separator: ", ")). \
            Regenerate with: swift run og-codegen Tests/ObjectGraphTests/Fixtures/Tournament.xcdatamodeld \
            --output Tests/ObjectGraphTests/Generated
            """)
    }

    @Test func outputDependsOnTheModelOnlyNotOnDeclarationOrder() throws {
        let fromFixture = ClassGenerator(model: try TournamentModel.loadFixture(), modelName: "Tournament").files()
        let fromCode = ClassGenerator(model: try TournamentModel.makeInCode(), modelName: "Tournament").files()
        #expect(fromFixture.map(\.name) == fromCode.map(\.name))
        for (fixtureFile, codeFile) in zip(fromFixture, fromCode) {
            #expect(fixtureFile.contents == codeFile.contents, "\(fixtureFile.name)")
        }
    }

    // MARK: The committed classes

    @Test func classesNameTheirEntitiesAndMirrorInheritance() {
        #expect(
            TournamentClasses.all.map { $0.entityName }
                == ["Coach", "Group", "Human", "Match", "Player", "Sample", "Sponsor", "Team"])
        let humans: [Human.Type] = [Coach.self, Player.self]
        #expect(humans.map { $0.entityName } == ["Coach", "Player"])
    }

    @Test func classesRegisterWithTheModel() throws {
        let model = try TournamentModel.loadFixture()
        try model.register(TournamentClasses.all)
        for entity in model.entities {
            #expect(entity.managedObjectClass.entityName == entity.name)
        }
        #expect(model.entity(named: "Player")?.managedObjectClass == Player.self)
    }

    @Test func fetchRequestIsTypedForEachClass() {
        let players: FetchRequest<Player> = Player.fetchRequest()
        let humans: FetchRequest<Human> = Human.fetchRequest()
        #expect(players.entityName == "Player")
        #expect(humans.entityName == "Human")
        #expect(Team.fetchRequest().entityName == "Team")
    }

    @Test("A typed fetch returns its class: exactly, for a sub-entity's objects, or an error", arguments: StoreKind.allCases)
    func typedFetches(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        try stack.context.make("Player", ["name": "Lewandowski", "number": 9])
        try stack.context.make("Coach", ["name": "Smuda"])
        try stack.context.save()
        let context = stack.newContext()

        let players = try context.fetch(Player.fetchRequest())
        #expect(players.map(\.name) == ["Lewandowski"])
        var humans = Human.fetchRequest()
        humans.sortOrderings = [FetchOrdering("name")]
        let fetched = try context.fetch(humans)
        #expect(fetched.map { String(describing: type(of: $0)) } == ["Player", "Coach"])
        #expect(fetched.map(\.name) == ["Lewandowski", "Smuda"])
        #expect(throws: ObjectGraphError.self) { try context.fetch(FetchRequest<Team>(entityName: "Player")) }
    }

    // MARK: The generator

    @Test(arguments: [
        ("int16", "Int16"), ("int32", "Int32"), ("int64", "Int64"), ("double", "Double"), ("float", "Float"),
        ("decimal", "Decimal"), ("string", "String"), ("boolean", "Bool"), ("date", "Date"),
        ("binary", "Data"), ("uuid", "UUID"), ("uri", "URL"),
    ])
    func attributeTypesMapToSwiftTypes(attribute: String, swiftType: String) throws {
        let sample = try generatedFile("Sample.swift")
        #expect(sample.contains("public var \(attribute): \(swiftType)? {"))
    }

    @Test(arguments: [
        ("Player.swift", "/// Integer 16, required, 1...99, indexed."),
        ("Team.swift", "/// String, required, length 2...40, indexed."),
        ("Team.swift", "/// String, optional, matches `[A-Z]{3}`."),
        ("Team.swift", "/// Double, optional, 0...100."),
        ("Match.swift", "/// Integer 16, optional, at least 0."),
        ("Sample.swift", "/// Boolean, optional, default false."),
        ("Sample.swift", "/// Integer 32, optional, default 7."),
        ("Sample.swift", "/// String, optional, transient."),
        ("Team.swift", "/// To-many `Player`, optional, inverse `team`, delete rule Cascade."),
        ("Player.swift", "/// To-one `Team`, optional, inverse `players`, delete rule Nullify."),
        ("Human.swift", "/// The abstract `Human` entity."),
        ("Player.swift", "/// The `Player` entity, a kind of `Human`."),
    ])
    func docCommentsDescribeTheModel(file: String, comment: String) throws {
        #expect(try generatedFile(file).contains(comment))
    }

    @Test func toManyRelationshipsGetAddAndRemoveMethods() throws {
        let team = try generatedFile("Team.swift")
        for declaration in [
            "public var players: Set<Player> {",
            "public func addToPlayers(_ value: Player) { addRelatedObject(value, forKey: \"players\", indexHint: 4) }",
            "public func removeFromPlayers(_ value: Player) { removeRelatedObject(value, forKey: \"players\", indexHint: 4) }",
            "public func addToPlayers(_ values: Set<Player>) { addRelatedObjects(values, forKey: \"players\", indexHint: 4) }",
            "public func removeFromPlayers(_ values: Set<Player>) { removeRelatedObjects(values, forKey: \"players\", indexHint: 4) }",
        ] {
            #expect(team.contains(declaration), "\(declaration)")
        }
    }

    @Test func everyFileStartsWithTheHeader() throws {
        let generator = ClassGenerator(model: try TournamentModel.loadFixture(), modelName: "Tournament")
        for file in generator.files() {
            #expect(file.contents.hasPrefix("// Generated by og-codegen from Tournament.xcdatamodel. Do not edit.\n"))
        }
    }

    @Test func internalAccessLevelWritesNoModifier() throws {
        let generator = ClassGenerator(
            model: try TournamentModel.loadFixture(), modelName: "Tournament", accessLevel: "internal")
        for file in generator.files() {
            #expect(!file.contents.contains("public "), "\(file.name)")
        }
        let player = try #require(generator.files().first { $0.name == "Player.swift" }?.contents)
        #expect(player.contains("\nclass Player: Human {"))
        #expect(player.contains("override class var entityName: String { \"Player\" }"))
    }

    @Test func keywordPropertyNamesAreEscaped() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription("Item", attributes: [AttributeDescription("default", .string)])
        ])
        let item = try #require(ClassGenerator(model: model, modelName: "Shop").files().first?.contents)
        #expect(item.contains("public var `default`: String? {"))
        #expect(item.contains("get { attributeValue(forKey: \"default\", indexHint: 0) }"))
    }

    @Test("Accessors hint at each property's place among its entity's, inherited ones first")
    func accessorsCarryIndexHints() throws {
        let model = try TournamentModel.loadFixture()
        let files = ClassGenerator(model: model, modelName: "Tournament").files()
        let player = try #require(files.first { $0.name == "Player.swift" }?.contents)
        let entity = try #require(model.entitiesByName["Player"])
        for name in ["born", "number", "position"] {
            let index = try #require(entity.attributes.firstIndex { $0.name == name })
            #expect(player.contains("get { attributeValue(forKey: \"\(name)\", indexHint: \(index)) }"))
            #expect(player.contains("set { setAttributeValue(newValue, forKey: \"\(name)\", indexHint: \(index)) }"))
        }
        #expect(entity.attributes.firstIndex { $0.name == "born" }! > 0, "after Human's attributes")
        let sponsors = try #require(entity.relationships.firstIndex { $0.name == "sponsors" })
        #expect(player.contains("addRelatedObject(value, forKey: \"sponsors\", indexHint: \(sponsors))"))
    }

    @Test func classNameComesFromRepresentedClassName() throws {
        let model = try ManagedObjectModel(entities: [EntityDescription("Item", className: "ShopItem")])
        let files = ClassGenerator(model: model, modelName: "Shop").files()
        #expect(files.map(\.name) == ["ShopItem.swift", "ShopObject.swift", "ShopClasses.swift"])
        #expect(files[0].contents.contains("public class ShopItem: ManagedObject, ShopObject {"))
        #expect(files[1].contents.contains("public protocol ShopObject: ManagedObject {}"))
        #expect(files[2].contents.contains("public enum ShopClasses {") && !files[2].contents.contains("protocol"))
        #expect(files[0].contents.contains("override public class var entityName: String { \"Item\" }"))
    }

    @Test(arguments: [
        ("/m/Tournament.xcdatamodeld", "Tournament"),
        ("/m/Tournament.xcdatamodeld/", "Tournament"),
        ("/m/Tournament.xcdatamodeld/Tournament 2.xcdatamodel", "Tournament"),
        ("/m/Tournament.xcdatamodeld/Tournament.xcdatamodel/contents", "Tournament"),
        ("/m/Shop.xcdatamodel", "Shop"),
        ("/m/Shop.xcdatamodel/contents", "Shop"),
    ])
    func modelNameComesFromThePath(path: String, name: String) {
        #expect(ClassGenerator.modelName(forModelAt: URL(fileURLWithPath: path)) == name)
    }

    @Test func writeBringsADirectoryUpToDateAndCheckFindsWhatDiffers() throws {
        try TemporaryDirectory.with(prefix: "GeneratedClassesTests") { temporary in
            let directory = temporary.appending(path: "Generated")
            let generator = ClassGenerator(model: try TournamentModel.loadFixture(), modelName: "Tournament")
            #expect(generator.outdatedFiles(in: directory).count == generator.files().count)

            try generator.write(to: directory)
            #expect(generator.outdatedFiles(in: directory).isEmpty)

            try "// edited".write(to: directory.appendingPathComponent("Team.swift"), atomically: true, encoding: .utf8)
            try FileManager.default.removeItem(at: directory.appendingPathComponent("Coach.swift"))
            try "\(generator.header)\n".write(
                to: directory.appendingPathComponent("Referee.swift"), atomically: true, encoding: .utf8)
            try "// handwritten".write(
                to: directory.appendingPathComponent("Helpers.swift"), atomically: true, encoding: .utf8)
            #expect(
                generator.outdatedFiles(in: directory).map(\.description)
                    == ["Coach.swift (missing)", "Team.swift (stale)", "Referee.swift (obsolete)"])

            #expect(try generator.write(to: directory).count == 3)
            #expect(generator.outdatedFiles(in: directory).isEmpty)
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Helpers.swift").path))
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Referee.swift").path))
        }
    }

    /// A file as generated from the fixture.
    private func generatedFile(_ name: String) throws -> String {
        let generator = ClassGenerator(model: try TournamentModel.loadFixture(), modelName: "Tournament")
        return try #require(generator.files().first { $0.name == name }?.contents)
    }
}

@Suite("og-codegen command")
struct CodegenCommandTests {
    @Test func checkPassesSilentlyOnTheCommittedClasses() throws {
        let result = try runCodegen([fixturePath, "--output", GeneratedClassesTests.generatedDirectory.path, "--check"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    }

    @Test func writesTheFilesThenCheckPasses() throws {
        try withOutputDirectory { directory in
            let written = try runCodegen([fixturePath, "--output", directory.path, "--access", "internal"])
            #expect(written.status == 0 && written.stderr.isEmpty)
            #expect(written.stdout.split(separator: "\n").count == 10)
            #expect(written.stdout.hasPrefix("wrote Coach.swift\n"))
            let check = try runCodegen([fixturePath, "--output", directory.path, "--access", "internal", "--check"])
            #expect(check.status == 0)
            let again = try runCodegen([fixturePath, "--output", directory.path, "--access", "internal"])
            #expect(again.status == 0 && again.stdout.isEmpty)
        }
    }

    @Test func checkFailsListingWhatIsOutOfDate() throws {
        try withOutputDirectory { directory in
            let result = try runCodegen([fixturePath, "--output", directory.path, "--check"])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("og-codegen: \(directory.path) is out of date: Coach.swift (missing), "))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }

    @Test func modelSourceIsWrittenCheckedAndLeftAloneByTheClasses() throws {
        let catalog = ModelSourceTests.fixtureURL.path
        let committed = ModelSourceTests.generatedDirectory.path
        let check = try runCodegen([catalog, "--output", committed, "--model-source", "CatalogModel", "--check"])
        #expect(check.status == 0 && check.stderr.isEmpty)
        try withOutputDirectory { directory in
            let written = try runCodegen([catalog, "--output", directory.path, "--model-source", "CatalogModel"])
            #expect(written.status == 0 && written.stdout.hasSuffix("wrote CatalogClasses.swift\nwrote CatalogModel.swift\n"))
            // Its header is not the classes': writing the classes alone keeps it.
            let classes = try runCodegen([catalog, "--output", directory.path])
            #expect(classes.status == 0 && classes.stdout.isEmpty)
            let file = directory.appending(path: "CatalogModel.swift")
            try "// edited".write(to: file, atomically: true, encoding: .utf8)
            let stale = try runCodegen([catalog, "--output", directory.path, "--model-source", "CatalogModel", "--check"])
            #expect(stale.status == 1)
            #expect(
                stale.stderr
                    == "og-codegen: \(directory.path) is out of date: CatalogModel.swift (stale); run og-codegen without --check\n"
            )
        }
    }

    @Test func unreadableModelFailsWithOneLine() throws {
        try withOutputDirectory { directory in
            let result = try runCodegen(["/nonexistent/Shop.xcdatamodeld", "--output", directory.path])
            #expect(result.status == 1)
            #expect(result.stderr == "og-codegen: model cannot be read: no data model at /nonexistent/Shop.xcdatamodeld\n")
        }
    }

    private var fixturePath: String { TournamentModel.fixtureURL.path }

    /// Runs `body` with an output directory that does not exist yet, in a temporary directory
    /// removed afterwards.
    private func withOutputDirectory(_ body: (URL) throws -> Void) throws {
        try TemporaryDirectory.with(prefix: "CodegenCommandTests") { try body($0.appending(path: "Generated")) }
    }

    /// Runs the built `og-codegen`, which `swift test` builds next to the test bundle.
    private func runCodegen(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let executable = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("og-codegen")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build og-codegen first")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
