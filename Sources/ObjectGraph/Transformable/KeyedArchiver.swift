import Foundation

/// Writes ``ArchivedValue``s as `NSKeyedArchiver` does: scalars inline in `$objects`, other
/// values as objects whose `$class` names their Foundation class, the root under `$top`'s
/// `root`.
struct KeyedArchiver {
    /// `$objects`; the first is `$null`, which a reference 0 stands for.
    private var objects: [BinaryPropertyList] = [.string("$null")]
    /// The index of each class description already written, by class name.
    private var classes: [String: UInt64] = [:]

    /// The archive of `value`.
    static func archive(_ value: ArchivedValue) -> Data {
        var archiver = KeyedArchiver()
        let root = archiver.add(value)
        let archive = BinaryPropertyList.dictionary([
            "$archiver": .string("NSKeyedArchiver"),
            "$version": .integer(100_000),
            "$top": .dictionary(["root": .uid(root)]),
            "$objects": .array(archiver.objects),
        ])
        return archive.binaryData
    }

    /// Adds `value` (and what it refers to), returning its reference.
    private mutating func add(_ value: ArchivedValue) -> UInt64 {
        switch value {
        case .string(let text): return append(.string(text))
        case .integer(let integer): return append(.integer(integer))
        case .double(let double): return append(.real(double))
        case .boolean(let flag): return append(.boolean(flag))
        case .data(let data): return append(.data(data))
        case .null: return object("NSNull", [:])
        case .date(let date): return object("NSDate", ["NS.time": .real(date.timeIntervalSinceReferenceDate)])
        case .url(let url): return object("NSURL", ["NS.base": .uid(0), "NS.relative": .uid(add(.string(url.absoluteString)))])
        case .uuid(let uuid):
            return object("NSUUID", ["NS.uuidbytes": .data(withUnsafeBytes(of: uuid.uuid) { Data($0) })])
        case .array(let items): return object("NSArray", ["NS.objects": references(items)])
        case .set(let members): return object("NSSet", ["NS.objects": references(Array(members))])
        case .dictionary(let entries):
            let pairs = Array(entries)
            return object(
                "NSDictionary", ["NS.keys": references(pairs.map(\.key)), "NS.objects": references(pairs.map(\.value))])
        }
    }

    /// An array of the references of `values`.
    private mutating func references(_ values: [ArchivedValue]) -> BinaryPropertyList {
        .array(values.map { .uid(add($0)) })
    }

    /// Appends an object of class `name` with its fields, and the class's description once.
    private mutating func object(_ name: String, _ fields: [String: BinaryPropertyList]) -> UInt64 {
        let classDescription = BinaryPropertyList.dictionary([
            "$classname": .string(name), "$classes": .array([.string(name), .string("NSObject")]),
        ])
        let classReference = classes[name] ?? append(classDescription)
        classes[name] = classReference
        return append(.dictionary(fields.merging(["$class": .uid(classReference)]) { field, _ in field }))
    }

    /// Appends an entry to `$objects`, returning its reference.
    private mutating func append(_ object: BinaryPropertyList) -> UInt64 {
        objects.append(object)
        return UInt64(objects.count - 1)
    }
}
