import Foundation

/// Turns the `<model>` element into descriptions, checking every value against its type; the
/// relational checks (parents, destinations, inverses) are left to ``ManagedObjectModel``.
struct XcodeModelReader {
    let root: XMLTree.Element

    /// The model's version identifiers (`userDefinedModelVersionIdentifier`; Xcode writes an
    /// empty one when none is set).
    func versionIdentifiers() -> Set<String> {
        guard let identifier = root["userDefinedModelVersionIdentifier"], !identifier.isEmpty else { return [] }
        return [identifier]
    }

    /// The `<entity>` elements as descriptions.
    func entities() throws(ModelError) -> [EntityDescription] {
        let nodes = root.children(named: "entity")
        var byName: [String: XMLTree.Element] = [:]
        var fetchIndexes: [String: [FetchIndexDescription]] = [:]
        for node in nodes {
            let name = try required("name", of: node)
            byName[name] = node
            fetchIndexes[name] = try Self.fetchIndexes(of: node, entity: name)
        }
        let indexed = try indexedAttributes(byName, fetchIndexes: fetchIndexes)
        var entities: [EntityDescription] = []
        for node in nodes {
            let name = try required("name", of: node)
            var attributes: [AttributeDescription] = []
            for attributeNode in node.children(named: "attribute") {
                attributes.append(try attribute(attributeNode, of: name, indexed: indexed[name] ?? []))
            }
            var relationships: [RelationshipDescription] = []
            for relationshipNode in node.children(named: "relationship") {
                relationships.append(try relationship(relationshipNode, of: name))
            }
            var fetchedProperties: [FetchedPropertyDescription] = []
            for propertyNode in node.children(named: "fetchedProperty") {
                fetchedProperties.append(try fetchedProperty(propertyNode, of: name))
            }
            entities.append(
                EntityDescription(
                    name,
                    className: node["representedClassName"].flatMap(Self.className),
                    isAbstract: try flag("isAbstract", of: node) { .init(entity: name, $0) },
                    parent: node["parentEntity"].flatMap { $0.isEmpty ? nil : $0 },
                    attributes: attributes,
                    relationships: relationships,
                    fetchedProperties: fetchedProperties,
                    renamingIdentifier: Self.nonEmpty(node["elementID"]),
                    versionHashModifier: Self.nonEmpty(node["versionHashModifier"]),
                    uniquenessConstraints: try uniquenessConstraints(node, of: name),
                    indexes: (fetchIndexes[name] ?? []).filter { Self.indexedProperty(of: $0) == nil },
                    userInfo: Self.userInfo(of: node)
                ))
        }
        return entities
    }

    /// An entity's `<uniquenessConstraints>`: one `<uniquenessConstraint>` per constraint, one
    /// `<constraint value="name"/>` per property.
    private func uniquenessConstraints(_ node: XMLTree.Element, of entity: String) throws(ModelError) -> [[String]] {
        var constraints: [[String]] = []
        for constraint in node.children(named: "uniquenessConstraints").flatMap({ $0.children(named: "uniquenessConstraint") }) {
            var names: [String] = []
            for element in constraint.children(named: "constraint") {
                guard let name = element["value"], !name.isEmpty else {
                    throw ModelError(
                        entity: entity, .invalidUniquenessConstraint("line \(element.line): <constraint> has no value"))
                }
                names.append(name)
            }
            constraints.append(names)
        }
        return constraints
    }

    /// The model-level `<fetchRequest>` elements as templates, by name.
    func fetchRequestTemplates() throws(ModelError) -> [String: FetchRequest<ManagedObject>] {
        var templates: [String: FetchRequest<ManagedObject>] = [:]
        for node in root.children(named: "fetchRequest") {
            let name = try required("name", of: node)
            let wrap = { (reason: ModelError.Reason) in ModelError(entity: name, reason) }
            guard templates[name] == nil else { throw wrap(.invalidFetchRequest("it is declared twice")) }
            templates[name] = try fetchRequest(node, wrap)
        }
        return templates
    }

    /// The `<configuration>` elements: the names of each one's `<memberEntity>` elements, by
    /// configuration name.
    func configurations() throws(ModelError) -> [String: [String]] {
        var configurations: [String: [String]] = [:]
        for node in root.children(named: "configuration") {
            let name = try required("name", of: node)
            var members: [String] = []
            for member in node.children(named: "memberEntity") { members.append(try required("name", of: member)) }
            configurations[name, default: []] += members
        }
        return configurations
    }

    /// A `<fetchRequest>` element (a template, or a fetched property's) as a request; `wrap`
    /// places its errors.
    private func fetchRequest(
        _ node: XMLTree.Element, _ wrap: (ModelError.Reason) -> ModelError
    ) throws(ModelError) -> FetchRequest<ManagedObject> {
        func fail(_ why: String) -> ModelError { wrap(.invalidFetchRequest(why)) }
        guard let entity = node["entity"], !entity.isEmpty else { throw fail("it names no entity") }
        var request = FetchRequest<ManagedObject>(entityName: entity)
        if let format = node["predicateString"], !format.allSatisfy(\.isWhitespace) {
            do {
                request.predicate = try FetchPredicate(format: format)
            } catch {
                throw fail("\(error)")
            }
        }
        if let limit = node["fetchLimit"] {
            guard let value = Int(limit), value >= 0 else { throw fail("fetchLimit \"\(limit)\" is not a count") }
            request.fetchLimit = value
        }
        request.includesSubentities = try flag("includeSubentities", of: node, default: true, wrap)
        request.includesPendingChanges = try flag("includesPendingChanges", of: node, default: true, wrap)
        request.returnsObjectsAsFaults = try flag("returnObjectsAsFaults", of: node, default: true, wrap)
        request.includesPropertyValues = try flag("includePropertyValues", of: node, default: true, wrap)
        return request
    }

    // MARK: Properties

    private func attribute(
        _ node: XMLTree.Element, of entity: String, indexed: Set<String>
    ) throws(ModelError) -> AttributeDescription {
        let name = try required("name", of: node)
        let wrap = { (reason: ModelError.Reason) in ModelError(entity: entity, property: name, reason) }
        // Xcode writes no type for an Undefined attribute.
        let typeName = node["attributeType"] ?? AttributeType.undefined.rawValue
        guard let type = AttributeType(rawValue: typeName) else { throw wrap(.unknownAttributeType(typeName)) }

        /// The value of the first of `keys` present, converted to the attribute's type.
        func value(_ label: String, _ keys: [String]) throws(ModelError) -> AttributeValue? {
            guard let key = keys.first(where: { node[$0] != nil }), let text = node[key] else { return nil }
            guard let value = Self.value(text, of: type) else {
                throw wrap(.invalidValue("\(label) \"\(text)\" (\(key)) for type \(type.rawValue)"))
            }
            return value
        }
        /// A length bound of a string attribute.
        func length(_ key: String) throws(ModelError) -> Int? {
            guard let text = node[key] else { return nil }
            guard let length = Int(text), length >= 0 else {
                throw wrap(.invalidValue("length \"\(text)\" (\(key)) for type String"))
            }
            return length
        }

        let dateKeys = type == .date ? ["defaultDateTimeInterval"] : []
        let defaultValue = try value("default", dateKeys + ["defaultValueString"]) ?? .null
        var minValue: AttributeValue?
        var maxValue: AttributeValue?
        var minLength: Int?
        var maxLength: Int?
        switch type {
        case .string:
            minLength = try length("minValueString")
            maxLength = try length("maxValueString")
        case _ where type.isNumeric || type == .date:
            let isDate = type == .date
            minValue = try value("minimum", (isDate ? ["minDateTimeInterval"] : []) + ["minValueString"])
            maxValue = try value("maximum", (isDate ? ["maxDateTimeInterval"] : []) + ["maxValueString"])
        default:
            for key in ["minValueString", "maxValueString"] {
                if let text = node[key] {
                    throw wrap(.invalidValue("bound \"\(text)\" (\(key)) for type \(type.rawValue), which has no bounds"))
                }
            }
        }
        return AttributeDescription(
            name, type,
            isOptional: try flag("optional", of: node, wrap),
            isTransient: try flag("transient", of: node, wrap),
            isIndexed: try flag("indexed", of: node, wrap) || indexed.contains(name),
            defaultValue: defaultValue,
            minValue: minValue, maxValue: maxValue,
            minLength: minLength, maxLength: maxLength,
            regularExpression: Self.nonEmpty(node["regularExpressionString"]),
            renamingIdentifier: Self.nonEmpty(node["elementID"]),
            versionHashModifier: Self.nonEmpty(node["versionHashModifier"]),
            valueTransformerName: Self.nonEmpty(node["valueTransformerName"]),
            customClassName: Self.nonEmpty(node["customClassName"]),
            // Only Binary and Transformable values can live in files; Core Data ignores the flag
            // that another type keeps from an earlier one.
            allowsExternalBinaryDataStorage: try flag("allowsExternalBinaryDataStorage", of: node, wrap)
                && (type == .binary || type == .transformable),
            derivationExpression: try flag("derived", of: node, wrap) ? node["derivationExpression"] ?? "" : nil,
            userInfo: Self.userInfo(of: node)
        )
    }

    private func relationship(_ node: XMLTree.Element, of entity: String) throws(ModelError) -> RelationshipDescription {
        let name = try required("name", of: node)
        let wrap = { (reason: ModelError.Reason) in ModelError(entity: entity, property: name, reason) }
        func count(_ key: String) throws(ModelError) -> Int {
            guard let text = node[key] else { return 0 }
            guard let count = Int(text), count >= 0 else { throw wrap(.invalidValue("\(key) \"\(text)\"")) }
            return count
        }
        let ruleName = node["deletionRule"] ?? DeleteRule.nullify.rawValue
        guard let rule = DeleteRule(rawValue: ruleName) else {
            let known = DeleteRule.allCases.map(\.rawValue).joined(separator: ", ")
            throw wrap(.invalidValue("deletion rule \"\(ruleName)\" (expected one of \(known))"))
        }
        let destination = node["destinationEntity"] ?? ""
        if let inverseEntity = node["inverseEntity"], inverseEntity != destination {
            throw wrap(.inverseMismatch("\(inverseEntity).\(node["inverseName"] ?? "")"))
        }
        let isToMany = try flag("toMany", of: node, wrap)
        // A to-one is written with maxCount="1"; its bounds say nothing beyond "optional".
        let minCount = try count("minCount")
        let maxCount = try count("maxCount")
        return RelationshipDescription(
            name, destination: destination,
            inverse: node["inverseName"].flatMap { $0.isEmpty ? nil : $0 },
            toMany: isToMany, isOrdered: try flag("ordered", of: node, wrap), deleteRule: rule,
            isOptional: try flag("optional", of: node, wrap),
            isTransient: try flag("transient", of: node, wrap),
            minCount: isToMany ? minCount : 0, maxCount: isToMany ? maxCount : 0,
            renamingIdentifier: Self.nonEmpty(node["elementID"]),
            versionHashModifier: Self.nonEmpty(node["versionHashModifier"]),
            userInfo: Self.userInfo(of: node)
        )
    }

    /// A `<fetchedProperty>`: its name, and the `<fetchRequest>` inside it.
    private func fetchedProperty(_ node: XMLTree.Element, of entity: String) throws(ModelError) -> FetchedPropertyDescription {
        let name = try required("name", of: node)
        let wrap = { (reason: ModelError.Reason) in ModelError(entity: entity, property: name, reason) }
        guard let request = node.children(named: "fetchRequest").first else {
            throw wrap(.invalidFetchRequest("it has no <fetchRequest>"))
        }
        return FetchedPropertyDescription(
            name, fetchRequest: try fetchRequest(request, wrap),
            isOptional: try flag("optional", of: node, wrap),
            renamingIdentifier: Self.nonEmpty(node["elementID"]),
            versionHashModifier: Self.nonEmpty(node["versionHashModifier"]),
            userInfo: Self.userInfo(of: node)
        )
    }

    /// An element's `<userInfo>`: one `<entry key="…" value="…"/>` per key.
    private static func userInfo(of node: XMLTree.Element) -> [String: String] {
        var info: [String: String] = [:]
        for entry in node.children(named: "userInfo").flatMap({ $0.children(named: "entry") }) {
            guard let key = entry["key"] else { continue }
            info[key] = entry["value"] ?? ""
        }
        return info
    }

    /// An entity's `<fetchIndex>` elements: each `<fetchIndexElement>` names a `property`, or
    /// holds an `expression` and its `expressionType`, with a `type` (`Binary` unless given)
    /// and an `order` (`ascending` unless given).
    private static func fetchIndexes(of node: XMLTree.Element, entity: String) throws(ModelError) -> [FetchIndexDescription] {
        var indexes: [FetchIndexDescription] = []
        for index in node.children(named: "fetchIndex") {
            let name = index["name"] ?? ""
            func fail(_ element: XMLTree.Element, _ why: String) -> ModelError {
                ModelError(entity: entity, .invalidFetchIndex("\(name): line \(element.line): \(why)"))
            }
            var elements: [FetchIndexElementDescription] = []
            for element in index.children(named: "fetchIndexElement") {
                let typeName = element["type"] ?? FetchIndexElementType.binary.rawValue
                guard let type = FetchIndexElementType(rawValue: typeName) else {
                    throw fail(element, "type \"\(typeName)\" is neither Binary nor RTree")
                }
                let order = element["order"] ?? "ascending"
                guard order == "ascending" || order == "descending" else {
                    throw fail(element, "order \"\(order)\" is neither ascending nor descending")
                }
                let indexed: FetchIndexElementDescription.Indexed
                if let property = element["property"] {
                    indexed = .property(property)
                } else if let expression = element["expression"] {
                    let resultName = element["expressionType"] ?? ""
                    guard let resultType = AttributeType(rawValue: resultName) else {
                        throw fail(element, "expressionType \"\(resultName)\" is no attribute type")
                    }
                    indexed = .expression(expression, resultType: resultType)
                } else {
                    throw fail(element, "<fetchIndexElement> has neither property nor expression")
                }
                elements.append(FetchIndexElementDescription(indexed, collationType: type, isAscending: order == "ascending"))
            }
            // An index without elements is one Xcode's editor left half made: it indexes nothing.
            if !elements.isEmpty { indexes.append(FetchIndexDescription(name, elements: elements)) }
        }
        return indexes
    }

    /// The property a fetch index of one ascending binary property names: such an index is
    /// an indexed attribute (``AttributeDescription/isIndexed``), or for a to-one, its foreign
    /// key's index; `nil` for any other index, which the entity keeps in its ``EntityDescription/indexes``.
    private static func indexedProperty(of index: FetchIndexDescription) -> String? {
        guard index.elements.count == 1, case .property(let name) = index.elements[0].indexed,
            index.elements[0].collationType == .binary, index.elements[0].isAscending
        else { return nil }
        return name
    }

    /// The attributes each entity's single-property fetch indexes (``indexedProperty(of:)``)
    /// name, by declaring entity: an index on an inherited attribute marks the ancestor's,
    /// since a hierarchy shares a table.
    private func indexedAttributes(
        _ entities: [String: XMLTree.Element], fetchIndexes: [String: [FetchIndexDescription]]
    ) throws(ModelError) -> [String: Set<String>] {
        /// The entity declaring `property`, searching `entity` and then its ancestors.
        func declaration(of property: String, from entity: String) -> (entity: String, isAttribute: Bool)? {
            var current: String? = entity
            var visited: Set<String> = []
            while let name = current, visited.insert(name).inserted, let node = entities[name] {
                if node.children(named: "attribute").contains(where: { $0["name"] == property }) { return (name, true) }
                if node.children(named: "relationship").contains(where: { $0["name"] == property }) { return (name, false) }
                current = node["parentEntity"]
            }
            return nil
        }

        var indexed: [String: Set<String>] = [:]
        for (name, indexes) in fetchIndexes {
            for property in indexes.compactMap(Self.indexedProperty) {
                switch declaration(of: property, from: name) {
                case (let entity, true)?: indexed[entity, default: []].insert(property)
                case (_, false)?: continue  // A store indexes the foreign key of a to-one anyway.
                case nil:
                    throw ModelError(
                        entity: name, property: property,
                        .invalidValue("a fetch index names a property the entity does not have"))
                }
            }
        }
        return indexed
    }

    // MARK: Values

    /// A value written in the model (`defaultValueString`, `minValueString`, a
    /// `*DateTimeInterval`) as a value of `type`, or `nil` when it is not one.
    private static func value(_ text: String, of type: AttributeType) -> AttributeValue? {
        switch type {
        case .integer16, .integer32, .integer64:
            // Xcode has written a number's default as a Boolean's (`NO`).
            guard let value = Int64(text) ?? ["NO": 0, "YES": 1][text], type.integerRange!.contains(value) else {
                return nil
            }
            return .integer(value)
        case .double:
            return Double(text).flatMap { $0.isFinite ? .double($0) : nil }
        case .float:
            return Double(text).flatMap { abs($0) <= Double(Float.greatestFiniteMagnitude) ? .double($0) : nil }
        case .decimal:
            return Decimal(decimalNotation: text).map(AttributeValue.decimal)
        case .string:
            return .string(text)
        case .boolean:
            // Xcode has written Booleans as numbers too (`0`, `1`).
            switch text {
            case "YES", "1": return .boolean(true)
            case "NO", "0": return .boolean(false)
            default: return nil
            }
        case .date:
            return Double(text).flatMap { $0.isFinite ? .date(Date(timeIntervalSinceReferenceDate: $0)) : nil }
        case .uuid:
            return UUID(standardForm: text).map(AttributeValue.uuid)
        case .uri:
            return URL(string: text).map(AttributeValue.uri)
        case .binary, .transformable, .undefined:
            return nil
        }
    }

    /// `text`, unless it is missing or empty (Xcode writes empty attributes for cleared fields).
    private static func nonEmpty(_ text: String?) -> String? {
        text.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The Swift class name in `representedClassName`, without a module prefix
    /// (`"EM.Team"`, `".Team"`: Xcode's "current product module").
    private static func className(_ represented: String) -> String? {
        let name = represented.split(separator: ".").last.map(String.init) ?? ""
        return name.isEmpty ? nil : name
    }

    /// A `YES`/`NO` attribute; absent means `defaultValue`.
    private func flag(
        _ key: String, of node: XMLTree.Element, default defaultValue: Bool = false,
        _ wrap: (ModelError.Reason) -> ModelError
    ) throws(ModelError) -> Bool {
        switch node[key] {
        case nil: return defaultValue
        case "YES": return true
        case "NO": return false
        case let text?: throw wrap(.invalidValue("\(key) \"\(text)\" is neither YES nor NO"))
        }
    }

    /// An attribute the file's structure cannot do without, such as an element's `name`.
    private func required(_ key: String, of node: XMLTree.Element) throws(ModelError) -> String {
        guard let value = node[key], !value.isEmpty else {
            throw ModelError(.unreadableFile("line \(node.line): <\(node.name)> has no \(key)"))
        }
        return value
    }
}
