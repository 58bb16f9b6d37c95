/// One step of a key path into a property list: a dictionary key or an array index.
enum PlistStep: CustomStringConvertible, Sendable {
    /// A dictionary's key.
    case key(String)
    /// An array's index.
    case index(Int)

    /// The steps for `parts`: each string a key, each integer an index.
    ///
    /// - Parameter parts: Keys and indexes, such as `"groups", 0, "teams", 1, "code"`.
    static func path(_ parts: [any Sendable]) -> [PlistStep] {
        parts.map { part in (part as? Int).map(PlistStep.index) ?? .key("\(part)") }
    }

    /// The step as the README writes key paths: `.code`, `[1]`.
    var description: String {
        switch self {
        case .key(let key): ".\(key)"
        case .index(let index): "[\(index)]"
        }
    }
}
