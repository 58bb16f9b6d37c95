import Foundation

/// One row of the malformed-input table: em's arguments, the files it meets, and the exit
/// status it must answer with.
struct MalformedInput: Sendable {
    /// The kind of input.
    let family: InputFamily
    /// What is wrong with it, in a few words.
    let name: String
    /// The arguments after `em`; `@STORE`, `@FILE` and `@DIR` stand for the input's store,
    /// its file and its folder.
    let arguments: [String]
    /// The exit status em must answer with.
    let expected: Int32
    /// What is at `@STORE`.
    var store = InputStore.planner
    /// What is at `@FILE`.
    var file = InputFile.missing
    /// The standard input, for the shell; none when `nil`.
    var stdin: String?

    /// The arguments with the placeholders replaced by paths in `folder`.
    ///
    /// - Parameter folder: The input's folder.
    func arguments(in folder: URL) -> [String] {
        arguments.map { argument in
            argument.replacingOccurrences(of: "@STORE", with: Self.store(in: folder).path)
                .replacingOccurrences(of: "@FILE", with: Self.file(in: folder).path)
                .replacingOccurrences(of: "@DIR", with: folder.path)
        }
    }

    /// The store path in `folder`.
    ///
    /// - Parameter folder: The input's folder.
    static func store(in folder: URL) -> URL { folder.appending(path: "store.sqlite") }

    /// The file path in `folder`.
    ///
    /// - Parameter folder: The input's folder.
    static func file(in folder: URL) -> URL { folder.appending(path: "input.plist") }
}
