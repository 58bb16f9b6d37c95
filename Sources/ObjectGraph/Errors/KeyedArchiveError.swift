/// Bytes that are not a keyed archive ``ArchivedValue`` can read, and where they fail.
public enum KeyedArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a well-formed binary property list (what is wrong, and where).
    case notAPropertyList(String)
    /// The property list is not an `NSKeyedArchiver` archive: no `$archiver`, `$objects` or
    /// `$top` root (what is missing).
    case notAKeyedArchive(String)
    /// An object of the archive is malformed: a dangling reference, a missing or mistyped
    /// field, an object that contains itself (the object's index and what is wrong).
    case malformedObject(index: Int, String)
    /// The archive holds an object of a class other than Foundation's property-list types,
    /// such as `UIImage` or `NSColor` (the class's name, and the object's index).
    case unsupportedClass(String, index: Int)

    /// One sentence naming what is wrong and where.
    public var description: String {
        switch self {
        case .notAPropertyList(let why): "not a binary property list: \(why)"
        case .notAKeyedArchive(let why): "not a keyed archive: \(why)"
        case .malformedObject(let index, let why): "malformed keyed archive: object \(index): \(why)"
        case .unsupportedClass(let name, let index):
            "keyed archive holds an object of class \(name) (object \(index)), which is not a property-list type"
        }
    }
}
