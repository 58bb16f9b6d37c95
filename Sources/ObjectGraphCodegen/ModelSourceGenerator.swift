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

/// Lays out the generated file: ``ModelSourceGenerator``'s Swift spelling of a model.
private struct ModelSourceWriter {
    let model: ManagedObjectModel
    let modelName: String
    let typeName: String
    let accessLevel: String
    let olderVersionNames: [String]

    /// The whole file.
    func write() throws(ModelError) -> String {
        let templates = try model.fetchRequestTemplates.sorted { $0.key < $1.key }.map { template throws(ModelError) in
            do {
                return (template.key, try Self.request(template.value))
            } catch {
                throw ModelError(entity: template.key, .invalidFetchRequest("it holds an object, which code cannot name"))
            }
        }
        let requests = try fetchedPropertyRequests()
        let modifier = accessLevel == "internal" ? "" : "\(accessLevel) "
        let version = model.versionName.map { ", version \($0)" } ?? ""
        var out = SourceWriter(
            header: "// Compiled by og-codegen from \(modelName).xcdatamodel\(version). Do not edit.",
            imports: ["Foundation", "ObjectGraph"])
        let quotedVersion = model.versionName.map { " version \"\($0)\"" } ?? ""
        out.line("/// The \(modelName) data model\(quotedVersion), compiled: built from descriptions, without reading XML.")
        out.line("\(modifier)enum \(typeName) {")
        out.indent { out in
            writeMake(modifier: modifier, hasTemplates: !templates.isEmpty, to: &out)
            out.line()
            out.line("/// The entities, by name.")
            out.line("private static func entities() -> [EntityDescription] {")
            out.indent { out in
                // Requests with settings are variables, set before the entities that use them.
                for case (_, let request, let variable?) in requests {
                    Self.layout(request.initializer, prefix: "var \(variable): FetchRequest<ManagedObject> = ", to: &out)
                    for setting in request.settings { out.line("\(variable).\(setting)") }
                }
                let entities = model.entities.map { Self.entity($0, requests: requests) }
                let list = Code.list(open: "[", entities, close: "]", style: .array, alwaysBreaks: true)
                Self.layout(list, prefix: requests.contains { $0.variable != nil } ? "return " : "", to: &out)
            }
            out.line("}")
            guard !templates.isEmpty else { return }
            out.line()
            out.line("/// The fetch request templates, by name.")
            out.line("private static func fetchRequestTemplates() -> [String: FetchRequest<ManagedObject>] {")
            out.indent { out in
                out.line("var templates: [String: FetchRequest<ManagedObject>] = [:]")
                for (name, request) in templates {
                    if let predicate = model.fetchRequestTemplates[name]?.predicate {
                        // A line break would end the comment.
                        let format = "\(predicate)".replacingOccurrences(of: "\n", with: "\\n")
                            .replacingOccurrences(of: "\r", with: "\\r")
                        out.line("// \(format)")
                    }
                    Self.layout(request.initializer, prefix: "templates[\(SourceWriter.literal(name))] = ", to: &out)
                    for setting in request.settings { out.line("templates[\(SourceWriter.literal(name))]?.\(setting)") }
                }
                out.line("return templates")
            }
            out.line("}")
        }
        out.line("}")
        return out.text
    }

    /// The `make` function, which builds the model.
    private func writeMake(modifier: String, hasTemplates: Bool, to out: inout SourceWriter) {
        var arguments: [Code] = [.labeled("entities", .text("entities()"))]
        if hasTemplates { arguments.append(.labeled("fetchRequestTemplates", .text("fetchRequestTemplates()"))) }
        if !model.versionIdentifiers.isEmpty {
            let identifiers = model.versionIdentifiers.sorted().map { Code.text(SourceWriter.literal($0)) }
            arguments.append(.labeled("versionIdentifiers", .list(open: "[", identifiers, close: "]", style: .array)))
        }
        if !model.configurations.isEmpty {
            let configurations = model.configurations.map { name in
                let members = (model.entities(forConfigurationName: name) ?? []).map { Self.string($0.name) }
                return Code.labeled(SourceWriter.literal(name), .list(open: "[", members, close: "]", style: .array))
            }
            arguments.append(.labeled("configurations", .list(open: "[", configurations, close: "]", style: .array)))
        }
        var parameters = ""
        out.line("/// Builds the model; call it once, as a model lives as long as the process.")
        out.line("///")
        out.line("/// - Parameters:")
        if let name = model.versionName {
            arguments.append(.labeled("versionName", .text(SourceWriter.literal(name))))
            arguments.append(.labeled("olderVersions", .text("olderVersions")))
            parameters = "olderVersions: [ModelVersion], "
            let names = olderVersionNames.isEmpty ? "none" : olderVersionNames.map { "\"\($0)\"" }.joined(separator: ", ")
            out.line("///   - olderVersions: The versions before this one, oldest first (\(names)), read when a store")
            out.line("///     of theirs needs migrating.")
        }
        arguments.append(.labeled("checkingPatterns", .text("checkingPatterns")))
        out.line("///   - checkingPatterns: Whether to compile the attributes' regular expressions, which were")
        out.line("///     checked when the model was compiled.")
        out.line(
            model.versionName == nil
                ? "/// - Throws: `ModelError` only if this file was edited: the model was checked when compiled."
                : "/// - Throws: `ModelError` when two versions share a name.")
        if parameters.isEmpty {
            out.line("\(modifier)static func make(checkingPatterns: Bool = false) throws(ModelError) -> ManagedObjectModel {")
        } else {
            out.line("\(modifier)static func make(")
            out.indent { $0.line("\(parameters)checkingPatterns: Bool = false") }
            out.line(") throws(ModelError) -> ManagedObjectModel {")
        }
        out.indent { out in
            Self.layout(.list(open: "ManagedObjectModel(", arguments, close: ")", style: .call), prefix: "try ", to: &out)
        }
        out.line("}")
    }

    /// A fetched property's request in Swift, and the variable it is written to when it has
    /// settings (which an expression cannot make).
    private typealias PropertyRequest = (property: FetchedPropertyDescription, request: Request, variable: String?)

    /// The requests of the model's fetched properties, by entity; those with settings are
    /// numbered variables (`fetchRequest1`).
    private func fetchedPropertyRequests() throws(ModelError) -> [PropertyRequest] {
        var requests: [PropertyRequest] = []
        var variables = 0
        for entity in model.entities {
            for property in entity.ownFetchedProperties {
                let request: Request
                do {
                    request = try Self.request(property.fetchRequest)
                } catch {
                    throw ModelError(
                        entity: entity.name, property: property.name,
                        .invalidFetchRequest("it holds an object, which code cannot name"))
                }
                if !request.settings.isEmpty { variables += 1 }
                requests.append((property, request, request.settings.isEmpty ? nil : "fetchRequest\(variables)"))
            }
        }
        return requests
    }

    // MARK: Descriptions

    private static func entity(_ entity: EntityDescription, requests: [PropertyRequest]) -> Code {
        var arguments: [Code] = [.text(SourceWriter.literal(entity.name))]
        if entity.managedObjectClassName != entity.name {
            arguments.append(.labeled("className", string(entity.managedObjectClassName)))
        }
        if entity.isAbstract { arguments.append(.labeled("isAbstract", .text("true"))) }
        if let parent = entity.superentityName { arguments.append(.labeled("parent", string(parent))) }
        if !entity.ownAttributes.isEmpty {
            let attributes = entity.ownAttributes.map(attribute)
            arguments.append(.labeled("attributes", .list(open: "[", attributes, close: "]", style: .array, alwaysBreaks: true)))
        }
        if !entity.ownRelationships.isEmpty {
            let relationships = entity.ownRelationships.map(relationship)
            arguments.append(
                .labeled("relationships", .list(open: "[", relationships, close: "]", style: .array, alwaysBreaks: true)))
        }
        if !entity.ownFetchedProperties.isEmpty {
            let properties = entity.ownFetchedProperties.map { property in
                let written = requests.first { $0.property === property }!
                return fetchedProperty(property, request: written.variable.map(Code.text) ?? written.request.initializer)
            }
            arguments.append(
                .labeled("fetchedProperties", .list(open: "[", properties, close: "]", style: .array, alwaysBreaks: true)))
        }
        arguments += renaming(entity.renamingIdentifier, entity.versionHashModifier)
        if !entity.uniquenessConstraints.isEmpty {
            let constraints = entity.uniquenessConstraints.map { Code.list(open: "[", $0.map(string), close: "]", style: .array) }
            arguments.append(.labeled("uniquenessConstraints", .list(open: "[", constraints, close: "]", style: .array)))
        }
        if !entity.indexes.isEmpty {
            arguments.append(.labeled("indexes", .list(open: "[", entity.indexes.map(index), close: "]", style: .array)))
        }
        arguments += userInfo(entity.userInfo)
        let breaks = entity.ownAttributes.count + entity.ownRelationships.count + entity.ownFetchedProperties.count > 0
        return .list(open: "EntityDescription(", arguments, close: ")", style: .call, alwaysBreaks: breaks)
    }

    private static func index(_ index: FetchIndexDescription) -> Code {
        let elements = index.elements.map { element -> Code in
            var arguments: [Code]
            switch element.indexed {
            case .property(let name):
                arguments = [string(name)]
            case .expression(let expression, let resultType):
                arguments = [string(expression), .labeled("resultType", .text(".\(resultType)"))]
            }
            if element.collationType != .binary {
                arguments.append(.labeled("collationType", .text(".\(element.collationType)")))
            }
            if !element.isAscending { arguments.append(.labeled("isAscending", .text("false"))) }
            let function = if case .property = element.indexed { ".property(" } else { ".expression(" }
            return .list(open: function, arguments, close: ")", style: .call)
        }
        return .list(
            open: "FetchIndexDescription(",
            [string(index.name), .labeled("elements", .list(open: "[", elements, close: "]", style: .array))],
            close: ")", style: .call)
    }

    private static func attribute(_ attribute: AttributeDescription) -> Code {
        var arguments: [Code] = [string(attribute.name), .text(".\(attribute.attributeType)")]
        if !attribute.isOptional { arguments.append(.labeled("isOptional", .text("false"))) }
        if attribute.isTransient { arguments.append(.labeled("isTransient", .text("true"))) }
        if attribute.isIndexed { arguments.append(.labeled("isIndexed", .text("true"))) }
        if !attribute.defaultValue.isNull { arguments.append(.labeled("defaultValue", value(attribute.defaultValue))) }
        if let minimum = attribute.minValue { arguments.append(.labeled("minValue", value(minimum))) }
        if let maximum = attribute.maxValue { arguments.append(.labeled("maxValue", value(maximum))) }
        if let minimum = attribute.minLength { arguments.append(.labeled("minLength", .text(integer(minimum)))) }
        if let maximum = attribute.maxLength { arguments.append(.labeled("maxLength", .text(integer(maximum)))) }
        if let pattern = attribute.regularExpression { arguments.append(.labeled("regularExpression", string(pattern))) }
        arguments += renaming(attribute.renamingIdentifier, attribute.versionHashModifier)
        if let name = attribute.valueTransformerName { arguments.append(.labeled("valueTransformerName", string(name))) }
        if let name = attribute.customClassName { arguments.append(.labeled("customClassName", string(name))) }
        if attribute.allowsExternalBinaryDataStorage {
            arguments.append(.labeled("allowsExternalBinaryDataStorage", .text("true")))
        }
        if let expression = attribute.derivationExpression {
            arguments.append(.labeled("derivationExpression", string(expression)))
        }
        arguments += userInfo(attribute.userInfo)
        return .list(open: "AttributeDescription(", arguments, close: ")", style: .call)
    }

    private static func relationship(_ relationship: RelationshipDescription) -> Code {
        var arguments: [Code] = [
            string(relationship.name), .labeled("destination", string(relationship.destinationEntityName)),
            .labeled("inverse", relationship.inverseName.map(string) ?? .text("nil")),
        ]
        if relationship.isToMany { arguments.append(.labeled("toMany", .text("true"))) }
        if relationship.isOrdered { arguments.append(.labeled("isOrdered", .text("true"))) }
        if relationship.deleteRule != .nullify { arguments.append(.labeled("deleteRule", .text(".\(relationship.deleteRule)"))) }
        if !relationship.isOptional { arguments.append(.labeled("isOptional", .text("false"))) }
        if relationship.isTransient { arguments.append(.labeled("isTransient", .text("true"))) }
        if relationship.minCount != 0 { arguments.append(.labeled("minCount", .text(integer(relationship.minCount)))) }
        if relationship.maxCount != 0 { arguments.append(.labeled("maxCount", .text(integer(relationship.maxCount)))) }
        arguments += renaming(relationship.renamingIdentifier, relationship.versionHashModifier)
        arguments += userInfo(relationship.userInfo)
        return .list(open: "RelationshipDescription(", arguments, close: ")", style: .call)
    }

    /// A fetched property, its request written as `request`.
    private static func fetchedProperty(_ property: FetchedPropertyDescription, request: Code) -> Code {
        var arguments: [Code] = [string(property.name), .labeled("fetchRequest", request)]
        if !property.isOptional { arguments.append(.labeled("isOptional", .text("false"))) }
        arguments += renaming(property.renamingIdentifier, property.versionHashModifier)
        arguments += userInfo(property.userInfo)
        return .list(open: "FetchedPropertyDescription(", arguments, close: ")", style: .call)
    }

    /// The `userInfo:` argument, when there are keys: a dictionary literal in key order.
    private static func userInfo(_ info: [String: String]) -> [Code] {
        guard !info.isEmpty else { return [] }
        let entries = info.sorted { $0.key < $1.key }.map {
            Code.text("\(SourceWriter.literal($0.key)): \(SourceWriter.literal($0.value))")
        }
        return [.labeled("userInfo", .list(open: "[", entries, close: "]", style: .array))]
    }

    /// The `renamingIdentifier:` and `versionHashModifier:` arguments, when set.
    private static func renaming(_ identifier: String?, _ modifier: String?) -> [Code] {
        [
            identifier.map { .labeled("renamingIdentifier", string($0)) },
            modifier.map { .labeled("versionHashModifier", string($0)) },
        ]
        .compactMap { $0 }
    }

    // MARK: Fetch requests

    /// A fetch request template in Swift: its initializer, and the settings that differ from
    /// a new request's (`fetchLimit = 1`).
    private struct Request {
        let initializer: Code
        let settings: [String]
    }

    /// Thrown for a predicate holding an object, which Swift source cannot name.
    private struct ObjectInPredicate: Error {}

    private static func request(_ request: FetchRequest<ManagedObject>) throws(ObjectInPredicate) -> Request {
        var arguments: [Code] = [.labeled("entityName", string(request.entityName))]
        if let predicate = request.predicate { arguments.append(.labeled("predicate", try self.predicate(predicate))) }
        if !request.sortOrderings.isEmpty {
            arguments.append(
                .labeled("sortOrderings", .list(open: "[", request.sortOrderings.map(ordering), close: "]", style: .array)))
        }
        let initial = FetchRequest<ManagedObject>(entityName: request.entityName)
        var settings: [String] = []
        if request.fetchLimit != initial.fetchLimit { settings.append("fetchLimit = \(integer(request.fetchLimit))") }
        if request.fetchOffset != initial.fetchOffset { settings.append("fetchOffset = \(integer(request.fetchOffset))") }
        for (name, value, initialValue) in [
            ("includesSubentities", request.includesSubentities, initial.includesSubentities),
            ("includesPendingChanges", request.includesPendingChanges, initial.includesPendingChanges),
            ("returnsObjectsAsFaults", request.returnsObjectsAsFaults, initial.returnsObjectsAsFaults),
            ("includesPropertyValues", request.includesPropertyValues, initial.includesPropertyValues),
        ] where value != initialValue {
            settings.append("\(name) = \(value)")
        }
        return Request(initializer: .list(open: "FetchRequest(", arguments, close: ")", style: .call), settings: settings)
    }

    private static func ordering(_ ordering: FetchOrdering) -> Code {
        var arguments: [Code] = [string(ordering.keyPath)]
        if !ordering.ascending { arguments.append(.labeled("ascending", .text("false"))) }
        if !ordering.options.isEmpty { arguments.append(.labeled("options", options(ordering.options))) }
        return .list(open: "FetchOrdering(", arguments, close: ")", style: .call)
    }

    private static func predicate(_ predicate: FetchPredicate) throws(ObjectInPredicate) -> Code {
        switch predicate {
        case .constant(let value):
            return .text(".constant(\(value))")
        case .and(let terms):
            return .list(open: ".and([", try terms.map(self.predicate), close: "])", style: .array)
        case .or(let terms):
            return .list(open: ".or([", try terms.map(self.predicate), close: "])", style: .array)
        case .not(let term):
            return .list(open: ".not(", [try self.predicate(term)], close: ")", style: .call)
        case .comparison(let comparison):
            var arguments = [try expression(comparison.left), .text(".\(comparison.operator)"), try expression(comparison.right)]
            if comparison.modifier != .direct { arguments.append(.labeled("modifier", .text(".\(comparison.modifier)"))) }
            if !comparison.options.isEmpty { arguments.append(.labeled("options", options(comparison.options))) }
            let initializer = Code.list(open: "ComparisonPredicate(", arguments, close: ")", style: .call)
            return .list(open: ".comparison(", [initializer], close: ")", style: .call)
        }
    }

    private static func expression(_ expression: FetchExpression) throws(ObjectInPredicate) -> Code {
        switch expression {
        case .keyPath(let path):
            return .list(open: ".keyPath([", path.map(string), close: "])", style: .array)
        case .constant(let constant):
            return .list(open: ".constant(", [value(constant)], close: ")", style: .call)
        case .object:
            throw ObjectInPredicate()
        case .list(let items):
            return .list(open: ".list([", try items.map(self.expression), close: "])", style: .array)
        case .variable(let name):
            return .text(".variable(\(SourceWriter.literal(name)))")
        case .evaluatedObject:
            return .text(".evaluatedObject")
        case .aggregate(let function, let path, let attribute):
            return .list(
                open: ".aggregate(",
                [
                    .text(".\(function)"),
                    .labeled("relationshipPath", .list(open: "[", path.map(string), close: "]", style: .array)),
                    .labeled("attribute", attribute.map(string) ?? .text("nil")),
                ], close: ")", style: .call)
        case .function(let function, let arguments):
            return .list(
                open: ".function(",
                [
                    .text(".\(function)"),
                    .list(open: "[", try arguments.map(self.expression), close: "]", style: .array),
                ], close: ")", style: .call)
        case .subquery(let collection, let variable, let predicate):
            return .list(
                open: ".subquery(",
                [
                    .labeled("collection", .list(open: "[", collection.map(string), close: "]", style: .array)),
                    .labeled("variable", string(variable)),
                    .labeled("predicate", try self.predicate(predicate)),
                ], close: ")", style: .call)
        }
    }

    /// `[.caseInsensitive, .diacriticInsensitive]`.
    private static func options(_ options: ComparisonPredicate.Options) -> Code {
        var names: [Code] = []
        if options.contains(.caseInsensitive) { names.append(.text(".caseInsensitive")) }
        if options.contains(.diacriticInsensitive) { names.append(.text(".diacriticInsensitive")) }
        let others = options.subtracting([.caseInsensitive, .diacriticInsensitive])
        if !others.isEmpty { names.append(.text(".init(rawValue: \(others.rawValue))")) }
        return .list(open: "[", names, close: "]", style: .array)
    }

    // MARK: Values

    /// An attribute value as the Swift expression that makes it.
    private static func value(_ value: AttributeValue) -> Code {
        switch value {
        case .null: return .text(".null")
        case .integer(let number): return .text(".integer(\(integer(number)))")
        case .double(let number): return .text(".double(\(double(number)))")
        case .decimal(let number): return .text(".decimal(Decimal(string: \(SourceWriter.literal("\(number)")))!)")
        case .string(let text): return .list(open: ".string(", [string(text)], close: ")", style: .call)
        case .boolean(let flag): return .text(".boolean(\(flag))")
        case .date(let date):
            return .text(".date(Date(timeIntervalSinceReferenceDate: \(double(date.timeIntervalSinceReferenceDate))))")
        case .data(let bytes):
            let hex = bytes.map { Code.text(String(format: "0x%02X", $0)) }
            return .list(open: ".data(Data([", hex, close: "]))", style: .array)
        case .uuid(let uuid): return .text(".uuid(UUID(uuidString: \"\(uuid.uuidString)\")!)")
        case .uri(let url): return .text(".uri(URL(string: \(SourceWriter.literal(url.absoluteString)))!)")
        }
    }

    private static func string(_ text: String) -> Code { .text(SourceWriter.literal(text)) }

    /// An integer literal, its digits grouped by three from five digits on (`12_345`).
    private static func integer(_ number: some BinaryInteger) -> String {
        let digits = String(number.magnitude)
        guard digits.count >= 5 else { return String(number) }
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped += "_" }
            grouped.append(digit)
        }
        return (number < 0 ? "-" : "") + grouped
    }

    /// A floating-point literal that reads back as `number`, or the constant naming it.
    private static func double(_ number: Double) -> String {
        switch number {
        case .infinity: return "Double.infinity"
        case -.infinity: return "-Double.infinity"
        case _ where number.isNaN: return "Double.nan"
        default: return "\(number)"
        }
    }

    // MARK: Layout

    /// A Swift expression, laid out on one line when it fits the line length, else broken.
    private indirect enum Code {
        /// Text that never breaks.
        case text(String)
        /// `label: code`.
        case labeled(String, Code)
        /// A call or an array literal: `open`, the items separated by commas, `close`; with
        /// `alwaysBreaks`, more than one item are laid out one per line even when they fit one.
        case list(open: String, [Code], close: String, style: ListStyle, alwaysBreaks: Bool = false)

        /// The expression on one line.
        var flat: String {
            switch self {
            case .text(let text): return text
            case .labeled(let label, let code): return "\(label): \(code.flat)"
            case .list(let open, let items, let close, _, _): return open + items.map(\.flat).joined(separator: ", ") + close
            }
        }

        /// Whether the expression, or one within, is broken whatever its length.
        var breaks: Bool {
            switch self {
            case .text: return false
            case .labeled(_, let code): return code.breaks
            // A single element stays on its line: `swift format` would join it with the brackets.
            case .list(_, let items, _, _, let always): return (always && items.count > 1) || items.contains(where: \.breaks)
            }
        }
    }

    /// How a broken list is laid out.
    private enum ListStyle {
        /// Arguments: packed onto the following lines and closed on the last one when none
        /// needs breaking, else one per line and closed on a line of its own.
        case call
        /// Elements: one per line, each followed by a comma, closed on a line of its own.
        case array
    }

    /// Writes `code` after `prefix` and before `suffix`, broken where the line is too long.
    private static func layout(_ code: Code, prefix: String = "", suffix: String = "", to out: inout SourceWriter) {
        let flat = prefix + code.flat + suffix
        if !code.breaks, out.indentation + flat.count <= SourceWriter.lineLength {
            out.line(flat)
            return
        }
        switch code {
        case .text(let text):
            out.line(prefix + text + suffix)
        case .labeled(let label, let inner):
            layout(inner, prefix: prefix + label + ": ", suffix: suffix, to: &out)
        case .list(let open, let items, let close, .call, _)
        where !code.breaks && !items.isEmpty && fitsPacked(items, close: close + suffix, indentation: out.indentation + 4):
            // Each argument followed by a comma, the last by the closing parenthesis.
            let pieces = items.map { $0.flat + "," }.dropLast() + [items[items.count - 1].flat + close + suffix]
            out.line(prefix + open)
            out.indent { out in
                var line = ""
                for piece in pieces {
                    if !line.isEmpty, out.indentation + line.count + 1 + piece.count > SourceWriter.lineLength {
                        out.line(line)
                        line = ""
                    }
                    line += (line.isEmpty ? "" : " ") + piece
                }
                out.line(line)
            }
        case .list(let open, let items, let close, let style, _):
            out.line(prefix + open)
            out.indent { out in
                for (index, item) in items.enumerated() {
                    // `swift format` wants the last element's comma in arrays of more than one.
                    let hasComma = index < items.count - 1 || (style == .array && items.count > 1)
                    layout(item, suffix: hasComma ? "," : "", to: &out)
                }
            }
            out.line(close + suffix)
        }
    }

    /// Whether each of `items`, the last followed by `close`, fits a line at `indentation`.
    private static func fitsPacked(_ items: [Code], close: String, indentation: Int) -> Bool {
        items.indices.allSatisfy { index in
            let piece = items[index].flat + (index == items.count - 1 ? close : ",")
            return indentation + piece.count <= SourceWriter.lineLength
        }
    }
}
