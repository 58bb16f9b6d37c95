import Foundation
import ObjectGraph
import ObjectGraphSQLite
import TestSupport
import Testing

/// Binary attributes that allow external storage: in a store Core Data wrote, a value is a
/// marker byte and its bytes, or a marker byte and the UUID of a file in the store's
/// `.<Store>_SUPPORT/_EXTERNAL_DATA` folder; ObjectGraph's own stores keep plain bytes.
@Suite("External binary data")
struct ExternalBinaryDataTests {
    static let model = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522">
            <entity name="Photo" representedClassName="Photo" syncable="YES">
                <attribute name="image" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
                <attribute name="thumbnail" optional="YES" attributeType="Binary"/>
                <attribute name="title" optional="YES" attributeType="String"/>
            </entity>
        </model>
        """

    /// The name of the file holding the large photo's image.
    static let fileName = "5F1C2A4B-3D6E-4F70-8192-A3B4C5D6E7F8"
    static let small = Data("small image".utf8)
    static let large = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    /// A store in Core Data's layout at `directory/Photos.sqlite`: the small photo's image in
    /// its row behind marker 1, the large one's in a file named behind marker 2 (the UUID as
    /// text, then a NUL byte, as Core Data writes it), a third without one.
    static func makeStore(in directory: URL) throws -> URL {
        let url = directory.appending(path: "Photos.sqlite")
        let connection = try SQLiteConnection(path: url.path)
        for statement in [
            "CREATE TABLE ZPHOTO ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR, ZIMAGE BLOB, ZTHUMBNAIL BLOB )",
            "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)",
            "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
            "INSERT INTO Z_PRIMARYKEY VALUES (1, 'Photo', 0, 3)",
        ] {
            try connection.execute(statement)
        }
        let reference = [UInt8]([2]) + Array(fileName.utf8) + [0]
        try connection.execute(
            "INSERT INTO ZPHOTO VALUES (1, 1, 1, 'small', ?, ?), (2, 1, 1, 'large', ?, NULL), (3, 1, 1, 'none', NULL, NULL)",
            [.blob([1] + [UInt8](small)), .blob([UInt8](small)), .blob(reference)])
        let folder = directory.appending(path: ".Photos_SUPPORT/_EXTERNAL_DATA")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try large.write(to: folder.appending(path: fileName))
        let uuid = "0E4D2C6A-8B1F-4A3E-9C5D-7F6A8B9C0D1E"
        let metadata: [String: Any] = [
            "NSStoreModelVersionHashes": ["Photo": Data(repeating: 7, count: 32)], "NSStoreModelVersionHashesVersion": 3,
            "NSStoreModelVersionIdentifiers": [""], "NSStoreType": "SQLite", "NSStoreUUID": uuid,
            "NSPersistenceFrameworkVersion": 1338,
        ]
        let plist = try PropertyListSerialization.data(fromPropertyList: metadata, format: .binary, options: 0)
        try connection.execute("INSERT INTO Z_METADATA VALUES (1, ?, ?)", [.text(uuid), .blob([UInt8](plist))])
        return url
    }

    static func context(_ url: URL) throws -> ManagedObjectContext {
        let coordinator = PersistentStoreCoordinator(model: try ManagedObjectModel(xml: Data(model.utf8)))
        try coordinator.addPersistentStore(.sqlite(url))
        return ManagedObjectContext(coordinator: coordinator)
    }

    /// Each photo's image, by title.
    static func images(_ context: ManagedObjectContext) throws -> [String: Data?] {
        var images: [String: Data?] = [:]
        for photo in try context.fetch(FetchRequest<ManagedObject>(entityName: "Photo")) {
            images[try #require(try photo.value(forKey: "title") as? String)] = try photo.value(forKey: "image") as? Data
        }
        return images
    }

    /// The bytes of the photo titled `title`'s image column.
    static func column(_ url: URL, title: String) throws -> SQLiteValue {
        let connection = try SQLiteConnection(path: url.path, readOnly: true)
        return try connection.prepare("SELECT ZIMAGE FROM ZPHOTO WHERE ZTITLE = ?").rows([.text(title)])[0][0]
    }

    @Test("The model reads the flag from Xcode's XML and from code; other types ignore or refuse it")
    func modelFlag() throws {
        let model = try ManagedObjectModel(xml: Data(Self.model.utf8))
        #expect(model.entity(named: "Photo")?.attributesByName["image"]?.allowsExternalBinaryDataStorage == true)
        #expect(model.entity(named: "Photo")?.attributesByName["thumbnail"]?.allowsExternalBinaryDataStorage == false)
        let leftOver = Self.model.replacingOccurrences(
            of: #"<attribute name="title" optional="YES" attributeType="String"/>"#,
            with: #"<attribute name="title" optional="YES" attributeType="String" allowsExternalBinaryDataStorage="YES"/>"#)
        #expect(
            try ManagedObjectModel(xml: Data(leftOver.utf8)).entity(named: "Photo")?.attributesByName["title"]?
                .allowsExternalBinaryDataStorage == false)
        #expect(
            throws: ModelError(
                entity: "Photo", property: "title",
                .invalidValue(
                    "allowsExternalBinaryDataStorage on type String (only Binary and Transformable values can live in files)"))
        ) {
            try ManagedObjectModel(entities: [
                EntityDescription(
                    "Photo", attributes: [AttributeDescription("title", .string, allowsExternalBinaryDataStorage: true)])
            ])
        }
    }

    @Test("Reads values kept in the row behind the marker and values kept in files")
    func readsBothForms() throws {
        try TemporaryDirectory.with(prefix: "og-external") { directory in
            let context = try Self.context(try Self.makeStore(in: directory))
            let images = try Self.images(context)
            #expect(images["small"] == Self.small)
            #expect(images["large"] == Self.large)
            #expect(images["none"] == .some(nil))
            let photo = try #require(try context.fetch(FetchRequest<ManagedObject>(entityName: "Photo")).first)
            #expect(try photo.value(forKey: "thumbnail") as? Data == Self.small)
        }
    }

    @Test("Writes values behind the marker, which reopening reads; the replaced file is left for a cleanup")
    func writesBack() throws {
        try TemporaryDirectory.with(prefix: "og-external") { directory in
            let url = try Self.makeStore(in: directory)
            do {
                let context = try Self.context(url)
                let photos = try context.fetch(FetchRequest<ManagedObject>(entityName: "Photo"))
                for photo in photos {
                    switch try photo.value(forKey: "title") as? String {
                    case "small": try photo.setValue(Self.large, forKey: "image")
                    case "large": try photo.setValue(Self.small, forKey: "image")
                    default: try photo.setValue(Data(), forKey: "image")
                    }
                }
                try context.make("Photo", ["title": "new", "image": Data([1, 2, 3]), "thumbnail": Data([4])])
                try context.save()
            }
            #expect(try Self.column(url, title: "small") == .blob([1] + [UInt8](Self.large)))
            #expect(try Self.column(url, title: "large") == .blob([1] + [UInt8](Self.small)))
            #expect(try Self.column(url, title: "none") == .blob([1]))
            #expect(try Self.column(url, title: "new") == .blob([1, 1, 2, 3]))
            let connection = try SQLiteConnection(path: url.path, readOnly: true)
            #expect(try connection.prepare("SELECT ZTHUMBNAIL FROM ZPHOTO WHERE ZTITLE = 'new'").rows() == [[.blob([4])]])
            #expect(
                FileManager.default.fileExists(
                    atPath: directory.appending(path: ".Photos_SUPPORT/_EXTERNAL_DATA/\(Self.fileName)").path))

            let images = try Self.images(try Self.context(url))
            #expect(images == ["small": Self.large, "large": Self.small, "none": Data(), "new": Data([1, 2, 3])])
        }
    }

    @Test("A missing file is an error naming the store, the entity, the attribute and the file")
    func missingFile() throws {
        try TemporaryDirectory.with(prefix: "og-external") { directory in
            let url = try Self.makeStore(in: directory)
            let file = directory.appending(path: ".Photos_SUPPORT/_EXTERNAL_DATA/\(Self.fileName)")
            try FileManager.default.removeItem(at: file)
            let context = try Self.context(url)
            #expect {
                _ = try context.fetch(FetchRequest<ManagedObject>(entityName: "Photo"))
            } throws: { error in
                guard case .damaged(let path, let reason) = error as? StoreError else { return false }
                return path == url.path
                    && reason == "Photo.image of row 2 is in the external data file \(file.path), which is missing"
            }
        }
    }

    @Test("A fetch comparing or sorting by such an attribute is refused in a store Core Data wrote")
    func fetchByValueRefused() throws {
        try TemporaryDirectory.with(prefix: "og-external") { directory in
            let context = try Self.context(try Self.makeStore(in: directory))
            let request = FetchRequest<ManagedObject>(
                entityName: "Photo", predicate: try FetchPredicate(format: "image == %@", Self.small))
            #expect(throws: UnsupportedFetchError.self) { try context.fetch(request) }
        }
    }

    @Test("ObjectGraph's own store keeps the bytes alone", arguments: StoreKind.allCases)
    func ownStoreKeepsPlainBytes(_ kind: StoreKind) throws {
        let stack = try TestStack(kind, model: try ManagedObjectModel(xml: Data(Self.model.utf8)))
        try stack.context.make("Photo", ["title": "large", "image": Self.large])
        try stack.context.save()
        let fetched = try stack.newContext().all("Photo", "image == %@", Self.large)
        #expect(try fetched.map { try $0.value(forKey: "image") as? Data } == [Self.large])
        if let url = stack.storeURL {
            #expect(try Self.column(url, title: "large") == .blob([UInt8](Self.large)))
        }
    }
}
