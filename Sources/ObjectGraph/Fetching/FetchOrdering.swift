/// One sort key of a fetch, Core Data's `NSSortDescriptor` with a string key path.
///
/// `nil` sorts before every value ascending and after every value descending, in both stores.
public struct FetchOrdering: Hashable, Sendable {
    /// The key path to sort by; may cross to-one relationships (`"team.name"`).
    public var keyPath: String
    /// Whether smaller values come first.
    public var ascending: Bool
    /// Whether strings compare ignoring case and/or diacritics.
    public var options: ComparisonPredicate.Options

    /// Creates a sort key.
    ///
    /// - Parameters:
    ///   - keyPath: The key path to sort by.
    ///   - ascending: Whether smaller values come first.
    ///   - options: `.caseInsensitive` and/or `.diacriticInsensitive` for strings.
    public init(_ keyPath: String, ascending: Bool = true, options: ComparisonPredicate.Options = []) {
        self.keyPath = keyPath
        self.ascending = ascending
        self.options = options
    }

    /// Parses a sort key written as `keyPath` or `-keyPath` (descending).
    public init(parsing text: String) {
        if text.hasPrefix("-") {
            self.init(String(text.dropFirst()), ascending: false)
        } else {
            self.init(text.hasPrefix("+") ? String(text.dropFirst()) : text)
        }
    }
}
