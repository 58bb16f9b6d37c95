import Foundation

/// A value of a binary property list (`bplist00`), as keyed archives are written: the reader and
/// writer under ``ArchivedValue``'s keyed-archive coding, which need UIDs that Foundation's
/// `PropertyListSerialization` does not expose portably.
///
/// Dictionary keys are strings, as in every keyed archive.
indirect enum BinaryPropertyList: Hashable {
    /// A Boolean.
    case boolean(Bool)
    /// A signed integer (the format's 16-byte integers only when they fit).
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// A date, in seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    /// Bytes.
    case data(Data)
    /// A string.
    case string(String)
    /// A reference into a keyed archive's `$objects`.
    case uid(UInt64)
    /// An array.
    case array([BinaryPropertyList])
    /// A set, in the order written.
    case set([BinaryPropertyList])
    /// A dictionary with string keys.
    case dictionary([String: BinaryPropertyList])
}

// MARK: - Reading

extension BinaryPropertyList {
    /// How deep objects may nest, in a list or in an archive: deeper ones are refused rather
    /// than risk the stack of a thread of Swift's concurrency pool (keyed archives nest a few
    /// levels).
    static let maximumDepth = 128

    /// Parses a binary property list.
    ///
    /// - Throws: ``KeyedArchiveError/notAPropertyList(_:)`` naming the first problem: a missing
    ///   header or trailer, an offset or length out of bounds, an unknown marker, a reference
    ///   cycle, a non-string dictionary key.
    init(parsing data: Data) throws(KeyedArchiveError) {
        var reader = try BinaryPropertyListReader(bytes: [UInt8](data))
        self = try reader.object(at: reader.topObject, depth: 0)
    }
}

/// Reads the objects of a binary property list by index, each bounds-checked, each parsed once.
private struct BinaryPropertyListReader {
    let bytes: [UInt8]
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTableStart: Int
    /// Objects already parsed, by index (lists may share objects).
    var parsed: [Int: BinaryPropertyList] = [:]
    /// Objects being parsed, to refuse one that contains itself.
    var inProgress: Set<Int> = []

    init(bytes: [UInt8]) throws(KeyedArchiveError) {
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
            throw .notAPropertyList("no bplist00 header and 32-byte trailer")
        }
        self.bytes = bytes
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.unsigned(bytes[(trailer + 8)..<(trailer + 16)])
        let top = Self.unsigned(bytes[(trailer + 16)..<(trailer + 24)])
        let table = Self.unsigned(bytes[(trailer + 24)..<(trailer + 32)])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw .notAPropertyList("trailer: offset size \(offsetSize), reference size \(referenceSize)")
        }
        guard count > 0, top < count, table >= 8, table < UInt64(trailer),
            count <= (UInt64(trailer) - table) / UInt64(offsetSize)
        else {
            throw .notAPropertyList("trailer: \(count) objects, top \(top), offset table at \(table)")
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableStart = Int(table)
    }

    /// A big-endian unsigned integer.
    static func unsigned(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// `count` bytes at `offset`, or an error naming `what`.
    func slice(_ offset: Int, _ count: Int, _ what: String) throws(KeyedArchiveError) -> ArraySlice<UInt8> {
        guard offset >= 0, count >= 0, offset <= offsetTableStart, count <= offsetTableStart - offset else {
            throw .notAPropertyList("\(what) at byte \(offset): \(count) bytes past the objects")
        }
        return bytes[offset..<(offset + count)]
    }

    /// The object at `index` of the offset table.
    mutating func object(at index: Int, depth: Int) throws(KeyedArchiveError) -> BinaryPropertyList {
        if let object = parsed[index] { return object }
        guard index >= 0, index < objectCount else {
            throw .notAPropertyList("reference to object \(index) of \(objectCount)")
        }
        guard depth < BinaryPropertyList.maximumDepth else {
            throw .notAPropertyList("objects nested more than \(BinaryPropertyList.maximumDepth) deep")
        }
        guard inProgress.insert(index).inserted else { throw .notAPropertyList("object \(index) contains itself") }
        defer { inProgress.remove(index) }
        let start = offsetTableStart + index * offsetSize
        let offset = Self.unsigned(bytes[start..<(start + offsetSize)])
        guard offset >= 8, offset < UInt64(offsetTableStart) else {
            throw .notAPropertyList("object \(index) at offset \(offset), outside the objects")
        }
        let object = try parseObject(at: Int(offset), index: index, depth: depth)
        parsed[index] = object
        return object
    }

    /// Parses the object whose marker byte is at `offset`.
    mutating func parseObject(at offset: Int, index: Int, depth: Int) throws(KeyedArchiveError) -> BinaryPropertyList {
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0 where marker == 0x08: return .boolean(false)
        case 0x0 where marker == 0x09: return .boolean(true)
        case 0x1: return try integer(at: offset + 1, byteCount: 1 << low, "integer \(index)")
        case 0x2 where low == 2 || low == 3:
            let value = Self.unsigned(try slice(offset + 1, 1 << low, "real \(index)"))
            return .real(low == 2 ? Double(Float(bitPattern: UInt32(value))) : Double(bitPattern: value))
        case 0x3 where low == 3:
            return .date(Double(bitPattern: Self.unsigned(try slice(offset + 1, 8, "date \(index)"))))
        case 0x4:
            let (start, count) = try length(at: offset, low, "data \(index)")
            return .data(Data(try slice(start, count, "data \(index)")))
        case 0x5:
            let (start, count) = try length(at: offset, low, "string \(index)")
            return try string(String(bytes: try slice(start, count, "string \(index)"), encoding: .ascii), index)
        case 0x6:
            let (start, count) = try length(at: offset, low, "string \(index)")
            guard count <= Int.max / 2 else { throw .notAPropertyList("string \(index): \(count) characters") }
            let units = try slice(start, count * 2, "string \(index)")
            let utf16 = stride(from: units.startIndex, to: units.endIndex, by: 2).map {
                UInt16(units[$0]) << 8 | UInt16(units[$0 + 1])
            }
            return try string(String(validating: utf16, as: UTF16.self), index)
        case 0x8:
            return .uid(Self.unsigned(try slice(offset + 1, low + 1, "UID \(index)")))
        case 0xA, 0xC:
            let members = try references(at: offset, low, "array \(index)", depth: depth)
            return marker >> 4 == 0xA ? .array(members) : .set(members)
        case 0xD:
            let (start, count) = try length(at: offset, low, "dictionary \(index)")
            guard count <= Int.max / 2 else { throw .notAPropertyList("dictionary \(index): \(count) entries") }
            let all = try objects(at: start, count: count * 2, "dictionary \(index)", depth: depth)
            var dictionary: [String: BinaryPropertyList] = [:]
            for (key, value) in zip(all[..<count], all[count...]) {
                guard case .string(let name) = key else {
                    throw .notAPropertyList("dictionary \(index) has a key that is not a string")
                }
                dictionary[name] = value
            }
            return .dictionary(dictionary)
        default:
            throw .notAPropertyList("object \(index) has unknown marker 0x\(String(marker, radix: 16))")
        }
    }

    /// A string decoded from `bytes`, or an error when they are not valid text.
    func string(_ text: String?, _ index: Int) throws(KeyedArchiveError) -> BinaryPropertyList {
        guard let text else { throw .notAPropertyList("string \(index) is not valid text") }
        return .string(text)
    }

    /// An integer of `byteCount` bytes (1, 2, 4 unsigned; 8 signed; 16 when it fits 64 bits).
    func integer(at offset: Int, byteCount: Int, _ what: String) throws(KeyedArchiveError) -> BinaryPropertyList {
        guard [1, 2, 4, 8, 16].contains(byteCount) else { throw .notAPropertyList("\(what) has \(byteCount) bytes") }
        let bytes = try slice(offset, byteCount, what)
        let low = Self.unsigned(bytes.suffix(8))
        if byteCount == 16 {
            let high = Self.unsigned(bytes.prefix(8))
            guard high == 0 && low <= UInt64(Int64.max) || high == UInt64.max && low > UInt64(Int64.max) else {
                throw .notAPropertyList("\(what) does not fit 64 bits")
            }
        }
        return .integer(Int64(bitPattern: low))
    }

    /// Where the contents of a data, string, array, set or dictionary start, and their count:
    /// in the marker's low nibble, or, when it is 0xF, in the integer that follows.
    func length(at offset: Int, _ low: Int, _ what: String) throws(KeyedArchiveError) -> (start: Int, count: Int) {
        guard low == 0x0F else { return (offset + 1, low) }
        let marker = try slice(offset + 1, 1, what).first!
        guard marker >> 4 == 0x1, case .integer(let count) = try integer(at: offset + 2, byteCount: 1 << (marker & 0x0F), what),
            count >= 0, count <= offsetTableStart
        else { throw .notAPropertyList("\(what) has an invalid length") }
        return (offset + 2 + 1 << (marker & 0x0F), Int(count))
    }

    /// The members of an array or set whose marker is at `offset`.
    mutating func references(
        at offset: Int, _ low: Int, _ what: String, depth: Int
    ) throws(KeyedArchiveError) -> [BinaryPropertyList] {
        let (start, count) = try length(at: offset, low, what)
        return try objects(at: start, count: count, what, depth: depth)
    }

    /// The `count` objects whose references start at `start`.
    mutating func objects(
        at start: Int, count: Int, _ what: String, depth: Int
    ) throws(KeyedArchiveError) -> [BinaryPropertyList] {
        guard count <= offsetTableStart / referenceSize else { throw .notAPropertyList("\(what): \(count) members") }
        let references = try slice(start, count * referenceSize, what)
        var objects: [BinaryPropertyList] = []
        objects.reserveCapacity(count)
        for position in stride(from: references.startIndex, to: references.endIndex, by: referenceSize) {
            let reference = Self.unsigned(references[position..<(position + referenceSize)])
            guard reference < UInt64(objectCount) else {
                throw .notAPropertyList("\(what) refers to object \(reference) of \(objectCount)")
            }
            objects.append(try object(at: Int(reference), depth: depth + 1))
        }
        return objects
    }
}

// MARK: - Writing

extension BinaryPropertyList {
    /// The list in binary form (`bplist00`), equal objects written once.
    var binaryData: Data {
        var writer = BinaryPropertyListWriter()
        let top = writer.add(self)
        return writer.data(top: top)
    }
}

/// Flattens a list into its objects, each written once, then writes them with their offsets.
private struct BinaryPropertyListWriter {
    /// The objects, in the order written; containers refer to their members by index.
    var objects: [Flattened] = []
    /// The index of each object already added.
    var indexes: [BinaryPropertyList: Int] = [:]

    /// An object whose members are replaced by their indexes.
    enum Flattened {
        case scalar(BinaryPropertyList)
        case container(marker: UInt8, references: [Int])
    }

    /// Adds `object` and its members, returning its index.
    mutating func add(_ object: BinaryPropertyList) -> Int {
        if let index = indexes[object] { return index }
        let flattened: Flattened
        switch object {
        case .array(let members): flattened = .container(marker: 0xA0, references: members.map { add($0) })
        case .set(let members): flattened = .container(marker: 0xC0, references: members.map { add($0) })
        case .dictionary(let entries):
            let sorted = entries.sorted { $0.key < $1.key }
            let keys = sorted.map { add(.string($0.key)) }
            flattened = .container(marker: 0xD0, references: keys + sorted.map { add($0.value) })
        default: flattened = .scalar(object)
        }
        objects.append(flattened)
        indexes[object] = objects.count - 1
        return objects.count - 1
    }

    /// The header, the objects, the offset table and the trailer.
    func data(top: Int) -> Data {
        let referenceSize = Self.byteCount(UInt64(objects.count))
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            switch object {
            case .scalar(let value): Self.append(value, to: &bytes)
            case .container(let marker, let references):
                let count = marker == 0xD0 ? references.count / 2 : references.count
                Self.appendMarker(marker, count: count, to: &bytes)
                for reference in references { Self.appendUnsigned(UInt64(reference), size: referenceSize, to: &bytes) }
            }
        }
        let tableOffset = bytes.count
        let offsetSize = Self.byteCount(UInt64(tableOffset))
        for offset in offsets { Self.appendUnsigned(UInt64(offset), size: offsetSize, to: &bytes) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        for value in [objects.count, top, tableOffset] { Self.appendUnsigned(UInt64(value), size: 8, to: &bytes) }
        return Data(bytes)
    }

    /// The fewest bytes (1, 2, 4 or 8) that hold `value`.
    static func byteCount(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    /// `value` big-endian in `size` bytes.
    static func appendUnsigned(_ value: UInt64, size: Int, to bytes: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// A marker with its count: in the low nibble when below 15, else as an integer after it.
    static func appendMarker(_ marker: UInt8, count: Int, to bytes: inout [UInt8]) {
        guard count >= 15 else {
            bytes.append(marker | UInt8(count))
            return
        }
        bytes.append(marker | 0x0F)
        appendInteger(Int64(count), to: &bytes)
    }

    /// An integer object: unsigned in 1, 2 or 4 bytes when it fits, else signed in 8.
    static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        let size = value < 0 ? 8 : byteCount(UInt64(value))
        bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendUnsigned(UInt64(bitPattern: value), size: size, to: &bytes)
    }

    /// A scalar object.
    static func append(_ value: BinaryPropertyList, to bytes: inout [UInt8]) {
        switch value {
        case .boolean(let flag): bytes.append(flag ? 0x09 : 0x08)
        case .integer(let integer): appendInteger(integer, to: &bytes)
        case .real(let real):
            bytes.append(0x23)
            appendUnsigned(real.bitPattern, size: 8, to: &bytes)
        case .date(let seconds):
            bytes.append(0x33)
            appendUnsigned(seconds.bitPattern, size: 8, to: &bytes)
        case .data(let data):
            appendMarker(0x40, count: data.count, to: &bytes)
            bytes += data
        case .string(let text) where text.utf8.allSatisfy { $0 < 0x80 }:
            appendMarker(0x50, count: text.utf8.count, to: &bytes)
            bytes += text.utf8
        case .string(let text):
            appendMarker(0x60, count: text.utf16.count, to: &bytes)
            for unit in text.utf16 { appendUnsigned(UInt64(unit), size: 2, to: &bytes) }
        case .uid(let uid):
            let size = byteCount(uid)
            bytes.append(0x80 | UInt8(size - 1))
            appendUnsigned(uid, size: size, to: &bytes)
        case .array, .set, .dictionary: preconditionFailure("containers are flattened")
        }
    }
}
