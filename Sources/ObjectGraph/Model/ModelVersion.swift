import Foundation

/// One version of a versioned model, as a `.xcdatamodeld` bundle holds it: the name of its
/// `.xcdatamodel` and the XML of its `contents` file.
///
/// Give every version to ``ManagedObjectModel/init(versions:current:checkingPatterns:)``: the
/// current one is the model, the others are read only when a store written by one of them
/// needs migrating. A compiled current version takes the older ones alone
/// (``ManagedObjectModel/init(entities:fetchRequestTemplates:versionIdentifiers:configurations:versionName:olderVersions:checkingPatterns:)``).
public struct ModelVersion: Sendable, Equatable {
    /// The version's name: its `.xcdatamodel`'s name without the extension (`"EM 2"`).
    public let name: String
    /// The XML of the version's `contents` file.
    public let xml: Data

    /// Names a version and its XML.
    public init(name: String, xml: Data) {
        self.name = name
        self.xml = xml
    }
}
