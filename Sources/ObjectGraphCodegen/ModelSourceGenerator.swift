import Foundation
import ObjectGraph

/// Writes a model as Swift source that builds it from descriptions, og-codegen's compiled
/// model form (Core Data's `momc`): a program that embeds the file builds its model without
/// reading XML.
///
/// The file declares an enum whose `make` function builds the model: every entity, attribute
/// (type, optionality, default, bounds, pattern, index, value transformer, custom class),
/// relationship (inverse, delete rule, counts, order), fetched property, uniqueness constraint,
/// fetch index, fetch request template, configuration and version identifier the model holds.
/// The current version of a versioned model keeps its
/// name, and takes the XML of the versions before it, which a store of theirs needs to
/// migrate.
///
/// ```swift
/// let generator = try ModelSourceGenerator(model: model, modelName: "EM", typeName: "EMModel")
/// try generator.write(to: URL(filePath: "Sources/Planner/Generated"))
/// ```
public struct ModelSourceGenerator {
    /// The model written.
    public let model: ManagedObjectModel
    /// The model's name, as in `EM.xcdatamodeld`.
    public let modelName: String
    /// The name of the generated enum, and of its file.
    public let typeName: String
    /// The generated file's contents.
    public let source: String

    /// Writes the source of a model.
    ///
    /// - Parameters:
    ///   - model: The model; for a versioned one, its newest version.
    ///   - modelName: The model's name, as in `EM.xcdatamodeld`.
    ///   - typeName: The name of the generated enum, such as `EMModel`.
    ///   - accessLevel: `public` (the default), `package` or `internal`.
    /// - Throws: ``ModelError`` when a fetch request template or a fetched property's request
    ///   holds an object (Swift source cannot name one), when a version newer than the model exists, or when an older
    ///   version does not build.
    public init(model: ManagedObjectModel, modelName: String, typeName: String, accessLevel: String = "public")
        throws(ModelError)
    {
        self.model = model
        self.modelName = modelName
        self.typeName = typeName
        let versions = try model.versions()
        guard versions.last === model else {
            let newer = versions.drop { $0 !== model }.dropFirst().compactMap(\.versionName).joined(separator: ", ")
            throw ModelError(
                .unreadableFile("version \(model.versionName ?? "") is not the newest (\(newer)); compile the newest"))
        }
        let writer = ModelSourceWriter(
            model: model, modelName: modelName, typeName: typeName, accessLevel: accessLevel,
            olderVersionNames: versions.dropLast().compactMap(\.versionName))
        source = try writer.write()
    }

    /// The generated file's name: `<typeName>.swift`.
    public var fileName: String { "\(typeName).swift" }

    /// How the file in `directory` differs from ``source``: `nil` when it holds it.
    ///
    /// - Complexity: Reads the file.
    public func outdatedFile(in directory: URL) -> ClassGenerator.OutdatedFile? {
        switch try? String(contentsOf: directory.appendingPathComponent(fileName), encoding: .utf8) {
        case nil: return ClassGenerator.OutdatedFile(name: fileName, reason: .missing)
        case let existing? where existing != source: return ClassGenerator.OutdatedFile(name: fileName, reason: .stale)
        default: return nil
        }
    }

    /// Writes the file to `directory` unless it is up to date.
    ///
    /// - Returns: How the file differed, or `nil` when nothing was written.
    /// - Throws: A Foundation error when the file cannot be written.
    /// - Complexity: Reads and writes the file.
    @discardableResult
    public func write(to directory: URL) throws -> ClassGenerator.OutdatedFile? {
        guard let outdated = outdatedFile(in: directory) else { return nil }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try source.write(to: directory.appendingPathComponent(fileName), atomically: true, encoding: .utf8)
        return outdated
    }
}
