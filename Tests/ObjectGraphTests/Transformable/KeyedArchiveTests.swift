import Foundation
import ObjectGraph
import Testing

/// `NSKeyedArchiver` archives of Foundation's property-list types, read into `ArchivedValue`s and
/// written back: archives written object for object as Apple's Foundation writes them
/// (`Fixtures/CoreData/Transformable`), Linux Foundation's archiver and unarchiver as a second
/// opinion, and malformed bytes, which throw.
@Suite("Keyed archives")
struct KeyedArchiveTests {
    /// A file of `Fixtures/CoreData/Transformable`.
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Bundle.module.bundleURL.appendingPathComponent("Fixtures/CoreData/Transformable/\(name)"))
    }

    /// The value `PropertyListTypes.bin` holds.
    static let propertyListTypes: ArchivedValue = .dictionary([
        .string("title"): .string("Crème brûlée 🍮"),
        .string("count"): .integer(-42),
        .string("ratio"): .double(0.25),
        .string("done"): .boolean(true),
        .string("created"): .date(Date(timeIntervalSinceReferenceDate: 600_000_000.5)),
        .string("thumbnail"): .data(Data([0x00, 0x01, 0xFE, 0xFF])),
        .string("tags"): .array([.string("dessert"), .integer(-42), .string("Crème brûlée 🍮")]),
        .string("nothing"): .null,
        .string("link"): .url(URL(string: "https://example.com/recipes/cake.html?size=2")!),
        .string("id"): .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
        .string("unique"): .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
    ])

    @Test("Every property-list type reads from an archive as Apple writes it")
    func readsPropertyListTypes() throws {
        #expect(try ArchivedValue(keyedArchive: Self.fixture("PropertyListTypes.bin")) == Self.propertyListTypes)
        #expect(
            try ArchivedValue(keyedArchive: Self.fixture("Set.bin"))
                == .set([.integer(1), .integer(1 << 40), .string("three")]))
    }

    @Test("Literals spell archived values")
    func literals() {
        let value: ArchivedValue = ["name": "Kiel", "harbour": true, "depth": 14.5, "piers": [1, 2], "name ": ["x": 1]]
        #expect(
            value
                == .dictionary([
                    .string("name"): .string("Kiel"), .string("harbour"): .boolean(true), .string("depth"): .double(14.5),
                    .string("piers"): .array([.integer(1), .integer(2)]),
                    .string("name "): .dictionary([.string("x"): .integer(1)]),
                ]))
    }

    @Test("An object of another class throws, naming the class")
    func refusesOtherClasses() throws {
        #expect(throws: KeyedArchiveError.unsupportedClass("UIColor", index: 1)) {
            try ArchivedValue(keyedArchive: Self.fixture("UIColor.bin"))
        }
        let error = KeyedArchiveError.unsupportedClass("UIColor", index: 1)
        #expect(error.description.contains("class UIColor"))
    }

    @Test("A value written reads back, and so does every value of the fixture")
    func roundTrips() throws {
        let values: [ArchivedValue] = [
            Self.propertyListTypes, .null, .string(""), .string(String(repeating: "é", count: 300)),
            .integer(.min), .integer(.max), .integer(255), .integer(65_536), .double(-.infinity), .boolean(false),
            .array(Array(repeating: .integer(7), count: 20)), .set([.string("a"), .null]),
            .data(Data(count: 70_000)), .dictionary([.integer(1): .array([]), .string("k"): .dictionary([:])]),
        ]
        for value in values {
            #expect(try ArchivedValue(keyedArchive: value.keyedArchive) == value)
        }
    }

    @Test("Archives of Linux Foundation's NSKeyedArchiver read as the values archived")
    func readsFoundationArchives() throws {
        // Its archiver writes equal numbers once: an NSNumber 1 would read as the Boolean `true`
        // archived before it, so the numbers differ.
        let dictionary: NSDictionary = [
            "s": "text", "n": NSNumber(value: 42), "d": NSNumber(value: 1.5), "b": NSNumber(value: true),
            "date": NSDate(timeIntervalSinceReferenceDate: 100), "data": NSData(data: Data([1, 2, 3])),
            "array": NSArray(array: ["a", NSNull()]), "set": NSSet(array: [NSNumber(value: 3), NSNumber(value: 4)]),
            "uuid": NSUUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
            "url": NSURL(string: "https://example.com/a?b=c")!,
        ]
        let data = try NSKeyedArchiver.archivedData(withRootObject: dictionary, requiringSecureCoding: false)
        let expected: [ArchivedValue: ArchivedValue] = [
            .string("s"): .string("text"), .string("n"): .integer(42), .string("d"): .double(1.5),
            .string("b"): .boolean(true), .string("date"): .date(Date(timeIntervalSinceReferenceDate: 100)),
            .string("data"): .data(Data([1, 2, 3])), .string("array"): .array([.string("a"), .null]),
            .string("set"): .set([.integer(3), .integer(4)]),
            .string("uuid"): .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
            .string("url"): .url(URL(string: "https://example.com/a?b=c")!),
        ]
        guard case .dictionary(let read) = try ArchivedValue(keyedArchive: data) else {
            Issue.record("not a dictionary")
            return
        }
        for (key, value) in expected { #expect(read[key] == value, "\(key)") }
        #expect(read.count == expected.count)
    }

    @Test("Linux Foundation's NSKeyedUnarchiver reads what ObjectGraph archives")
    func archivesReadByFoundation() throws {
        let value: ArchivedValue = .dictionary([
            .string("name"): .string("Crème"), .string("count"): .integer(3), .string("ratio"): .double(0.5),
            .string("when"): .date(Date(timeIntervalSinceReferenceDate: 1000)),
            .string("items"): .array([.string("a"), .null, .data(Data([9]))]),
            .string("id"): .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
        ])
        let object = try #require(try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(value.keyedArchive) as? NSDictionary)
        #expect(object["name"] as? String == "Crème")
        #expect((object["count"] as? NSNumber)?.intValue == 3)
        #expect((object["ratio"] as? NSNumber)?.doubleValue == 0.5)
        #expect((object["when"] as? Date)?.timeIntervalSinceReferenceDate == 1000)
        #expect((object["items"] as? NSArray)?.count == 3)
        #expect((object["items"] as? NSArray)?[1] is NSNull)
        #expect((object["id"] as? UUID)?.uuidString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test("Bytes that are no keyed archive throw: a JPEG, a plain property list, an empty archive")
    func refusesOtherBytes() throws {
        let jpeg = try Self.fixture("RecipeThumbnail.bin")
        #expect(throws: KeyedArchiveError.notAPropertyList("no bplist00 header and 32-byte trailer")) {
            try ArchivedValue(keyedArchive: jpeg)
        }
        let plain = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
        #expect(throws: KeyedArchiveError.notAKeyedArchive("$archiver is not NSKeyedArchiver")) {
            try ArchivedValue(keyedArchive: plain)
        }
        #expect(throws: KeyedArchiveError.self) { try ArchivedValue(keyedArchive: Data()) }
    }

    @Test("Arrays nested 100 deep read; 200 deep, containing themselves, or 2^64 values, throw")
    func nesting() throws {
        func nested(_ depth: Int) -> ArchivedValue {
            (0..<depth).reduce(ArchivedValue.string("core")) { inner, _ in .array([inner]) }
        }
        #expect(try ArchivedValue(keyedArchive: nested(100).keyedArchive) == nested(100))
        #expect(throws: KeyedArchiveError.self) { try ArchivedValue(keyedArchive: nested(200).keyedArchive) }

        // An NSArray whose only member is itself.
        #expect(throws: KeyedArchiveError.malformedObject(index: 1, "it contains itself")) {
            try ArchivedValue(keyedArchive: Self.fixture("Cycle.bin"))
        }
        #expect(throws: KeyedArchiveError.malformedObject(index: 24, "it holds more than 4194304 values")) {
            try ArchivedValue(keyedArchive: Self.fixture("Doubling.bin"))
        }
    }

    @Test("Truncated and garbled archives throw, never crash")
    func fuzz() throws {
        let archives = [
            try Self.fixture("PropertyListTypes.bin"), try Self.fixture("Set.bin"), Self.propertyListTypes.keyedArchive,
        ]
        for archive in archives {
            for length in 0..<archive.count {
                #expect(throws: KeyedArchiveError.self) { try ArchivedValue(keyedArchive: archive.prefix(length)) }
            }
        }
        // Garbled: random bytes changed (a fixed seed, so that a failure reproduces). A change
        // may leave a readable archive; what matters is that none crashes.
        var generator = SeededGenerator(seed: 27)
        var failures = 0
        for archive in archives {
            for _ in 0..<2000 {
                var bytes = [UInt8](archive)
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                do { _ = try ArchivedValue(keyedArchive: Data(bytes)) } catch { failures += 1 }
            }
        }
        #expect(failures > 0)
    }
}
