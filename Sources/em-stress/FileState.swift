import Foundation

/// What is at a path, compared before and after em runs: a store by its logical contents,
/// any other file by its bytes, a folder by its names.
enum FileState: Equatable {
    /// Nothing.
    case missing
    /// A folder holding these names.
    case folder(Set<String>)
    /// A file of these bytes.
    case bytes(Data)
    /// A SQLite database of these contents.
    case store(StoreDump)
    /// A file SQLite cannot read, for this reason.
    case unreadable(String)

    /// The state of `url`, read as a store when `asStore`.
    ///
    /// - Parameters:
    ///   - url: The path.
    ///   - asStore: Whether the file is a SQLite database, compared by contents (a WAL
    ///     checkpoint changes its bytes, not its contents).
    static func of(_ url: URL, asStore: Bool) -> FileState {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return .missing }
        if isFolder.boolValue { return .folder(Workspace.names(in: url)) }
        guard asStore else { return (try? Data(contentsOf: url)).map(FileState.bytes) ?? .unreadable("cannot be read") }
        do {
            return .store(try StoreReader(path: url.path).dump())
        } catch {
            return .unreadable("\(error)")
        }
    }

    /// How `self` differs from `before`, in a few words.
    ///
    /// - Parameter before: The earlier state.
    func change(from before: FileState) -> String {
        switch (before, self) {
        case (.missing, _): "a file appeared where there was none"
        case (_, .missing): "the file is gone"
        case (.store(let old), .store(let new)): "the store changed: \(new.differences(from: old))"
        case (.bytes(let old), .bytes(let new)): "the file changed: \(old.count) bytes, now \(new.count)"
        case (.folder(let old), .folder(let new)): "the folder changed: \(new.symmetricDifference(old).sorted())"
        default: "it was \(before.kind), it is now \(kind)"
        }
    }

    /// What kind of thing is there, in a few words.
    var kind: String {
        switch self {
        case .missing: "nothing"
        case .folder: "a folder"
        case .bytes: "a file"
        case .store: "a store"
        case .unreadable(let reason): "a file SQLite cannot read (\(reason))"
        }
    }
}
