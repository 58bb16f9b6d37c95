import Foundation
import ObjectGraph

/// Lays out the generated file: ``ModelSourceGenerator``'s Swift spelling of a model.
struct ModelSourceWriter {
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
    typealias PropertyRequest = (property: FetchedPropertyDescription, request: Request, variable: String?)

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
}
