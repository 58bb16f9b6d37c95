import Foundation

/// A value of Foundation's property-list types, as an `NSKeyedArchiver` archive holds it: what a
/// Transformable attribute stores under Core Data's default transformers.
///
/// Read one from an archive with ``init(keyedArchive:)``; ``keyedArchive`` writes one that
/// Apple's `NSKeyedUnarchiver` reads.
///
/// ```swift
/// let tags = try ArchivedValue(keyedArchive: data)
/// if case .array(let items) = tags { ... }
/// ```
public indirect enum ArchivedValue: Hashable, Sendable {
    /// `NSNull`, or `nil` at the root of an archive.
    case null
    /// An `NSString` or `NSMutableString`.
    case string(String)
    /// An integer `NSNumber`.
    case integer(Int64)
    /// A floating-point `NSNumber`.
    case double(Double)
    /// A Boolean `NSNumber`.
    case boolean(Bool)
    /// An `NSDate`.
    case date(Date)
    /// An `NSData` or `NSMutableData`.
    case data(Data)
    /// An `NSURL`, resolved against its base URL when it has one.
    case url(URL)
    /// An `NSUUID`.
    case uuid(UUID)
    /// An `NSArray` or `NSMutableArray`.
    case array([ArchivedValue])
    /// An `NSSet` or `NSMutableSet`.
    case set(Set<ArchivedValue>)
    /// An `NSDictionary` or `NSMutableDictionary`.
    case dictionary([ArchivedValue: ArchivedValue])

    /// Reads the root object of an `NSKeyedArchiver` archive (a binary property list with
    /// `$archiver`, `$objects` and `$top`).
    ///
    /// - Throws: ``KeyedArchiveError``: `.unsupportedClass` naming the class of an object that
    ///   is not a property-list type (`UIImage`, `NSColor`, a custom class); otherwise what is
    ///   malformed and where. Malformed bytes never crash.
    /// - Complexity: Linear in the size of the archive.
    public init(keyedArchive data: Data) throws(KeyedArchiveError) {
        var unarchiver = try KeyedUnarchiver(archive: BinaryPropertyList(parsing: data))
        self = try unarchiver.rootValue()
    }

    /// The value as an `NSKeyedArchiver` archive (binary, root key `root`), which Apple's
    /// `NSKeyedUnarchiver` reads, secure coding included.
    public var keyedArchive: Data {
        KeyedArchiver.archive(self)
    }
}
