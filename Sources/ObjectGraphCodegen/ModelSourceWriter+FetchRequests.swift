import Foundation
import ObjectGraph

/// Fetch requests, predicates, expressions and attribute values as the Swift that makes them.
extension ModelSourceWriter {
    /// A fetch request template in Swift: its initializer, and the settings that differ from
    /// a new request's (`fetchLimit = 1`).
    struct Request {
        let initializer: Code
        let settings: [String]
    }

    /// Thrown for a predicate holding an object, which Swift source cannot name.
    struct ObjectInPredicate: Error {}

    static func request(_ request: FetchRequest<ManagedObject>) throws(ObjectInPredicate) -> Request {
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

    static func predicate(_ predicate: FetchPredicate) throws(ObjectInPredicate) -> Code {
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

    static func expression(_ expression: FetchExpression) throws(ObjectInPredicate) -> Code {
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

    /// An attribute value as the Swift expression that makes it.
    static func value(_ value: AttributeValue) -> Code {
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

    static func string(_ text: String) -> Code { .text(SourceWriter.literal(text)) }

    /// An integer literal, its digits grouped by three from five digits on (`12_345`).
    static func integer(_ number: some BinaryInteger) -> String {
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
}
