import ObjectGraph

/// The model's descriptions (entities, indexes, properties) as the Swift that makes them.
extension ModelSourceWriter {
    static func entity(_ entity: EntityDescription, requests: [PropertyRequest]) -> Code {
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
}
