import Foundation

/// Decodes the objects of an `NSKeyedArchiver` archive into ``ArchivedValue``s, following the
/// references of `$top` through `$objects`, each object decoded once.
struct KeyedUnarchiver {
    /// The archive's `$objects`.
    let objects: [BinaryPropertyList]
    /// The reference of the root object in `$top`.
    let root: UInt64
    /// Objects already decoded, by index.
    private var decoded: [Int: ArchivedValue] = [:]
    /// Objects being decoded, to refuse one that contains itself.
    private var inProgress: Set<Int> = []
    /// How many values each decoded object holds, itself and its members' members included.
    private var sizes: [Int: Int] = [:]
    /// How many values the objects decoded so far hold: an archive sharing its objects may
    /// stand for more values than any program can compare or hash (arrays of two references
    /// to one array, nested).
    private var expanded = 0

    /// The most values one archive may hold, its objects' shared members counted each time.
    static let maximumSize = 1 << 22

    /// Reads the archive's structure.
    ///
    /// - Throws: ``KeyedArchiveError/notAKeyedArchive(_:)`` when `$archiver`, `$objects` or the
    ///   root reference in `$top` is missing.
    init(archive: BinaryPropertyList) throws(KeyedArchiveError) {
        guard case .dictionary(let top) = archive else { throw .notAKeyedArchive("the root is not a dictionary") }
        guard case .string("NSKeyedArchiver")? = top["$archiver"] else {
            throw .notAKeyedArchive("$archiver is not NSKeyedArchiver")
        }
        guard case .array(let objects)? = top["$objects"] else { throw .notAKeyedArchive("no $objects array") }
        guard case .dictionary(let roots)? = top["$top"], case .uid(let root)? = roots["root"] else {
            throw .notAKeyedArchive("no root reference in $top")
        }
        self.objects = objects
        self.root = root
    }

    /// The root object.
    mutating func rootValue() throws(KeyedArchiveError) -> ArchivedValue {
        try value(root, from: -1, depth: 0)
    }

    /// The object `reference` refers to, from the object at index `referrer`.
    private mutating func value(_ reference: UInt64, from referrer: Int, depth: Int) throws(KeyedArchiveError) -> ArchivedValue {
        guard reference < UInt64(objects.count) else {
            throw .malformedObject(index: referrer, "refers to object \(reference) of \(objects.count)")
        }
        let index = Int(reference)
        if let value = decoded[index], let size = sizes[index] {
            expanded += size
            guard expanded <= Self.maximumSize else {
                throw .malformedObject(index: referrer, "it holds more than \(Self.maximumSize) values")
            }
            return value
        }
        guard depth < BinaryPropertyList.maximumDepth else {
            throw .malformedObject(index: index, "objects nested more than \(BinaryPropertyList.maximumDepth) deep")
        }
        guard inProgress.insert(index).inserted else { throw .malformedObject(index: index, "it contains itself") }
        defer { inProgress.remove(index) }
        let before = expanded
        let value = try decode(index, depth: depth)
        expanded += 1
        decoded[index] = value
        sizes[index] = expanded - before
        return value
    }

    /// Decodes the object at `index`: an inline scalar, `$null`, or an object of a known class.
    private mutating func decode(_ index: Int, depth: Int) throws(KeyedArchiveError) -> ArchivedValue {
        func fail(_ why: String) -> KeyedArchiveError { .malformedObject(index: index, why) }
        switch objects[index] {
        case .string("$null") where index == 0: return .null
        case .string(let text): return .string(text)
        case .integer(let integer): return .integer(integer)
        case .real(let real): return .double(real)
        case .boolean(let flag): return .boolean(flag)
        case .data(let data): return .data(data)
        case .dictionary(let fields):
            return try decodeObject(fields, index: index, depth: depth)
        default: throw fail("it is neither a scalar nor an object")
        }
    }

    /// Decodes an object by the `$classname` of its `$class`.
    private mutating func decodeObject(
        _ fields: [String: BinaryPropertyList], index: Int, depth: Int
    ) throws(KeyedArchiveError) -> ArchivedValue {
        func fail(_ why: String) -> KeyedArchiveError { .malformedObject(index: index, why) }
        guard case .uid(let classReference)? = fields["$class"], classReference < UInt64(objects.count),
            case .dictionary(let classFields) = objects[Int(classReference)],
            case .string(let className)? = classFields["$classname"]
        else { throw fail("no $class with a $classname") }

        /// The object a field refers to.
        func member(_ key: String) throws(KeyedArchiveError) -> BinaryPropertyList {
            guard let value = fields[key] else { throw fail("\(className) without \(key)") }
            return value
        }
        /// The objects an array field refers to.
        func references(_ key: String) throws(KeyedArchiveError) -> [UInt64] {
            guard case .array(let items) = try member(key) else { throw fail("\(key) is not an array") }
            var references: [UInt64] = []
            for item in items {
                guard case .uid(let reference) = item else { throw fail("\(key) holds a value that is not a reference") }
                references.append(reference)
            }
            return references
        }
        /// The values of an array field's references.
        func values(_ key: String) throws(KeyedArchiveError) -> [ArchivedValue] {
            var values: [ArchivedValue] = []
            for reference in try references(key) { values.append(try value(reference, from: index, depth: depth + 1)) }
            return values
        }
        /// The value a reference field refers to.
        func referenced(_ key: String) throws(KeyedArchiveError) -> ArchivedValue {
            guard case .uid(let reference) = try member(key) else { throw fail("\(key) is not a reference") }
            return try value(reference, from: index, depth: depth + 1)
        }

        switch className {
        case "NSNull":
            return .null
        case "NSString", "NSMutableString":
            switch (fields["NS.string"], fields["NS.bytes"]) {
            case (.string(let text)?, _): return .string(text)
            case (_, .data(let bytes)?):
                guard let text = String(data: bytes, encoding: .utf8) else { throw fail("NS.bytes is not UTF-8") }
                return .string(text)
            default: throw fail("\(className) without NS.string")
            }
        case "NSDate", "NSMutableDate":
            switch try member("NS.time") {
            case .real(let seconds): return .date(Date(timeIntervalSinceReferenceDate: seconds))
            case .integer(let seconds): return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
            default: throw fail("NS.time is not a number")
            }
        case "NSData", "NSMutableData":
            guard case .data(let data) = try member("NS.data") else { throw fail("NS.data is not data") }
            return .data(data)
        case "NSArray", "NSMutableArray":
            return .array(try values("NS.objects"))
        case "NSSet", "NSMutableSet":
            return .set(Set(try values("NS.objects")))
        case "NSDictionary", "NSMutableDictionary":
            let keys = try values("NS.keys")
            let objects = try values("NS.objects")
            guard keys.count == objects.count else { throw fail("\(keys.count) keys for \(objects.count) objects") }
            return .dictionary(Dictionary(zip(keys, objects)) { _, last in last })
        case "NSURL":
            guard case .string(let relative) = try referenced("NS.relative") else { throw fail("NS.relative is not a string") }
            let base: URL?
            switch try referenced("NS.base") {
            case .null: base = nil
            case .url(let url): base = url
            default: throw fail("NS.base is not a URL")
            }
            guard let url = URL(string: relative, relativeTo: base) else { throw fail("NS.relative is not a URL") }
            return .url(url.absoluteURL)
        case "NSUUID":
            guard case .data(let bytes) = try member("NS.uuidbytes"), bytes.count == 16 else {
                throw fail("NS.uuidbytes is not 16 bytes")
            }
            let b = Array(bytes)
            return .uuid(
                UUID(
                    uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])))
        default:
            throw .unsupportedClass(className, index: index)
        }
    }
}
