/// Edits a property list read with `PropertyListSerialization` (dictionaries, arrays and
/// scalars) at a key path, returning the edited copy.
enum PlistEditor {
    /// The value at `path`, or `nil` when the path leads nowhere.
    ///
    /// - Parameters:
    ///   - path: The key path.
    ///   - root: The property list.
    static func value(at path: [PlistStep], in root: Any) -> Any? {
        guard let step = path.first else { return root }
        switch step {
        case .key(let key):
            guard let dictionary = root as? [String: Any], let child = dictionary[key] else { return nil }
            return value(at: Array(path.dropFirst()), in: child)
        case .index(let index):
            guard let array = root as? [Any], array.indices.contains(index) else { return nil }
            return value(at: Array(path.dropFirst()), in: array[index])
        }
    }

    /// `root` with the value at `path` replaced by `value`; `nil` removes the key or element.
    ///
    /// - Parameters:
    ///   - path: The key path; its last step may name a key not there yet.
    ///   - root: The property list.
    ///   - value: The new value, or `nil`.
    static func replacing(at path: [PlistStep], in root: Any, with value: Any?) -> Any {
        guard let step = path.first else { return value ?? root }
        let rest = Array(path.dropFirst())
        switch step {
        case .key(let key):
            var dictionary = root as? [String: Any] ?? [:]
            dictionary[key] = rest.isEmpty ? value : replacing(at: rest, in: dictionary[key] ?? [String: Any](), with: value)
            return dictionary
        case .index(let index):
            var array = root as? [Any] ?? []
            guard array.indices.contains(index) else { return array }
            if rest.isEmpty, value == nil {
                array.remove(at: index)
            } else {
                array[index] = rest.isEmpty ? value! : replacing(at: rest, in: array[index], with: value)
            }
            return array
        }
    }

    /// `root` with `element` appended to the array at `path`.
    ///
    /// - Parameters:
    ///   - element: The new last element.
    ///   - path: The array's key path.
    ///   - root: The property list.
    static func appending(_ element: Any, at path: [PlistStep], in root: Any) -> Any {
        let array = value(at: path, in: root) as? [Any] ?? []
        return replacing(at: path, in: root, with: array + [element])
    }

    /// A key path as the README writes it: `groups[0].teams[1].code`.
    ///
    /// - Parameter path: The key path.
    static func describe(_ path: [PlistStep]) -> String {
        let text = path.map(\.description).joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }
}
