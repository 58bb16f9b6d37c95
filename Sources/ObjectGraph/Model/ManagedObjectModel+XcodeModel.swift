import Foundation

extension ManagedObjectModel {
    /// Loads a data model written by Xcode's model editor.
    ///
    /// ```swift
    /// let model = try ManagedObjectModel(contentsOf: URL(filePath: "Resources/EM.xcdatamodeld"))
    /// ```
    ///
    /// Entities, attributes (with defaults, bounds, regular expressions, indexes, external
    /// storage, and the value transformer and custom class of Transformable ones),
    /// relationships (ordered ones too), fetched properties, uniqueness constraints, fetch indexes, model-level
    /// fetch request templates, configurations and user info are read; what ObjectGraph has no
    /// use for (diagram layout, code
    /// generation settings) is skipped.
    ///
    /// - Parameter url: A `.xcdatamodeld` version bundle (its current version is loaded: the one
    ///   `.xccurrentversion` names, or the only one it holds), a `.xcdatamodel` directory, or
    ///   the `contents` file inside one.
    /// - Throws: ``ModelError``: `.unreadableFile` when there is no model at `url` or its XML is
    ///   malformed; otherwise the first problem found, naming the entity and property (or the
    ///   fetch request template) at fault.
    /// - Complexity: Reads the model from disk; linear in its size.
    public convenience init(contentsOf url: URL) throws(ModelError) {
        try Self.refuseBinaryFormat(at: url)
        if let bundle = try Self.versionBundle(at: url) {
            try self.init(versions: bundle.versions, current: bundle.current)
            return
        }
        try self.init(xml: try Self.read(try Self.contentsFile(of: url)))
    }

    /// Refuses a model in Xcode 3's binary format: a `.xcdatamodel` folder with an `elements`
    /// file and no `contents`, or that `elements` file itself.
    private static func refuseBinaryFormat(at url: URL) throws(ModelError) {
        let files = FileManager.default
        let folder = url.lastPathComponent == "elements" ? url.deletingLastPathComponent() : url
        if files.fileExists(atPath: folder.appendingPathComponent("elements").path),
            !files.fileExists(atPath: folder.appendingPathComponent("contents").path)
        {
            throw ModelError(.binaryFormat(folder.path))
        }
    }

    /// The contents of a model file.
    private static func read(_ file: URL) throws(ModelError) -> Data {
        try refuseBinaryFormat(at: file.deletingLastPathComponent())
        do {
            return try Data(contentsOf: file)
        } catch {
            throw ModelError(.unreadableFile("\(file.path): \(error.localizedDescription)"))
        }
    }

    /// Every version in a `.xcdatamodeld` bundle holding more than one, and the current one's
    /// name; `nil` for anything else (a single model, a `contents` file).
    private static func versionBundle(at url: URL) throws(ModelError) -> (versions: [ModelVersion], current: String)? {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue,
            !files.fileExists(atPath: url.appendingPathComponent("contents").path)
        else { return nil }
        // By name without the extension, numbers compared as numbers: "EM", "EM 2", "EM 10".
        let names = ((try? files.contentsOfDirectory(atPath: url.path)) ?? [])
            .filter { $0.hasSuffix(".xcdatamodel") }
            .map { String($0.dropLast(".xcdatamodel".count)) }
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }
        guard names.count > 1 else { return nil }
        let currentFile = try currentVersionName(inBundle: url)
        let current = String(currentFile.dropLast(".xcdatamodel".count))
        guard currentFile.hasSuffix(".xcdatamodel"), names.contains(current) else {
            throw ModelError(.unreadableFile("\(url.path)/.xccurrentversion names \(currentFile), which the bundle lacks"))
        }
        var versions: [ModelVersion] = []
        for name in names {
            let xml = try read(url.appendingPathComponent(name + ".xcdatamodel").appendingPathComponent("contents"))
            versions.append(ModelVersion(name: name, xml: xml))
        }
        return (versions, current)
    }

    /// Builds a model from the XML of a `.xcdatamodel`'s `contents` file.
    ///
    /// - Parameters:
    ///   - data: The XML.
    ///   - checkingPatterns: Whether to compile the attributes' regular expressions (see
    ///     ``ManagedObjectModel/init(entities:fetchRequestTemplates:versionIdentifiers:configurations:checkingPatterns:)``).
    /// - Throws: ``ModelError``: `.unreadableFile` when the XML is malformed or is not a data
    ///   model; otherwise the first problem found, naming the entity and property (or the fetch
    ///   request template) at fault.
    public convenience init(xml data: Data, checkingPatterns: Bool = true) throws(ModelError) {
        let root = try XcodeModelXML.parse(data)
        let reader = XcodeModelReader(root: root)
        try self.init(
            entities: reader.entities(), fetchRequestTemplates: reader.fetchRequestTemplates(),
            versionIdentifiers: reader.versionIdentifiers(), configurations: try reader.configurations(),
            checkingPatterns: checkingPatterns)
    }

    /// Builds the current version of a versioned model from the XML of each version, as a
    /// `.xcdatamodeld` bundle holds them; the others are read when a store of theirs needs
    /// migrating (see ``versions()``).
    ///
    /// ```swift
    /// let model = try ManagedObjectModel(
    ///     versions: [ModelVersion(name: "EM", xml: v1), ModelVersion(name: "EM 2", xml: v2)],
    ///     current: "EM 2")
    /// ```
    ///
    /// - Parameters:
    ///   - versions: Every version, oldest first.
    ///   - current: The name of the version that is the model.
    ///   - checkingPatterns: Whether to compile the attributes' regular expressions (see
    ///     ``init(entities:fetchRequestTemplates:versionIdentifiers:configurations:checkingPatterns:)``).
    /// - Throws: ``ModelError``: `.unreadableFile` when `current` names none of `versions` or two
    ///   versions share a name; otherwise the current version's first problem.
    public convenience init(versions: [ModelVersion], current: String, checkingPatterns: Bool = true) throws(ModelError) {
        guard let index = versions.firstIndex(where: { $0.name == current }) else {
            let names = versions.map(\.name).joined(separator: ", ")
            throw ModelError(.unreadableFile("no version named \"\(current)\" (versions: \(names))"))
        }
        guard Set(versions.map(\.name)).count == versions.count else {
            throw ModelError(.unreadableFile("two versions share a name"))
        }
        try self.init(xml: versions[index].xml, checkingPatterns: checkingPatterns)
        history = ModelHistory(
            older: Array(versions[..<index]), newer: Array(versions[(index + 1)...]), checkingPatterns: checkingPatterns)
        versionName = current
    }

    /// The `contents` file a model URL stands for.
    private static func contentsFile(of url: URL) throws(ModelError) -> URL {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ModelError(.unreadableFile("no data model at \(url.path)"))
        }
        guard isDirectory.boolValue else { return url }
        let contents = url.appendingPathComponent("contents")
        if files.fileExists(atPath: contents.path) { return contents }

        let version = url.appendingPathComponent(try currentVersionName(inBundle: url))
        let versionContents = version.appendingPathComponent("contents")
        guard files.fileExists(atPath: versionContents.path) else {
            throw ModelError(.unreadableFile("no data model at \(versionContents.path)"))
        }
        return versionContents
    }

    /// The name of the current `.xcdatamodel` inside a `.xcdatamodeld` bundle.
    private static func currentVersionName(inBundle bundle: URL) throws(ModelError) -> String {
        let marker = bundle.appendingPathComponent(".xccurrentversion")
        if let data = try? Data(contentsOf: marker) {
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
            guard let name = (plist as? [String: Any])?["_XCCurrentVersionName"] as? String, !name.isEmpty else {
                throw ModelError(.unreadableFile("\(marker.path) does not name the current version (_XCCurrentVersionName)"))
            }
            return name
        }
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: bundle.path)) ?? [])
            .filter { $0.hasSuffix(".xcdatamodel") }
            .sorted()
        guard versions.count == 1 else {
            let found = versions.isEmpty ? "none" : versions.joined(separator: ", ")
            throw ModelError(
                .unreadableFile(
                    "\(bundle.path) has no .xccurrentversion and not exactly one .xcdatamodel (found \(found))"))
        }
        return versions[0]
    }
}

// MARK: - XML

private enum XcodeModelXML {
    /// Parses `data` into a tree and checks that its root is a `<model>`.
    static func parse(_ data: Data) throws(ModelError) -> XMLTree.Element {
        // Xcode 3 wrote its models as binary property lists.
        guard !data.starts(with: Array("bplist".utf8)) else { throw ModelError(.binaryFormat("the model data")) }
        let root: XMLTree.Element
        do {
            root = try XMLTree.parse(data)
        } catch {
            throw ModelError(.unreadableFile("\(error)"))
        }
        guard root.name == "model" else {
            throw ModelError(.unreadableFile("line \(root.line): the root element is <\(root.name)>, not <model>"))
        }
        return root
    }
}
