/// A setup property list that cannot be read or does not describe a consistent tournament,
/// naming the file, the key path of the culprit and what is wrong with it.
///
/// ```
/// setup.plist: groups[0].teams[1].players[4].number: expected an integer from 1 to 99, found "x"
/// ```
public struct SetupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the setup came from: a file name, or a label such as `bundled setup.plist`.
    public var source: String
    /// The offending value's key path, such as `matches[3].home`; empty for the whole file.
    public var keyPath: String
    /// What is wrong, quoting the offending value.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - source: Where the setup came from.
    ///   - keyPath: The key path of the offending value.
    ///   - message: What is wrong, on one line.
    public init(source: String, keyPath: String, message: String) {
        self.source = source
        self.keyPath = keyPath
        self.message = message
    }

    /// One line: `source: keyPath: message`.
    public var description: String {
        keyPath.isEmpty ? "\(source): \(message)" : "\(source): \(keyPath): \(message)"
    }
}
