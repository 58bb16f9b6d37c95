import Foundation

/// A property list as plain values: what a setup file holds before its keys and types are
/// checked.
///
/// Dictionaries keep their entries in the file's order (Foundation's, read from a binary
/// property list, come sorted by key), duplicates included; ``subscript(_:)`` finds the last
/// of a key, as Foundation keeps the last.
enum PropertyListValue: Equatable {
    /// A `<string>`.
    case string(String)
    /// An `<integer>`.
    case integer(Int)
    /// A `<real>`.
    case real(Double)
    /// `<true/>` or `<false/>`.
    case boolean(Bool)
    /// A `<date>`.
    case date(Date)
    /// A `<data>` block, decoded.
    case data(Data)
    /// An `<array>`.
    case array([PropertyListValue])
    /// A `<dict>`, its entries in order.
    case dictionary([Entry])

    /// A key of a dictionary and its value.
    struct Entry: Equatable {
        /// The key.
        var key: String
        /// The value.
        var value: PropertyListValue
    }

    /// The value of `key` if this is a dictionary holding it (the last one, if it is there
    /// twice).
    subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.last { $0.key == key }?.value
    }

    /// The value `PropertyListSerialization` returned, its dictionaries sorted by key.
    ///
    /// Numbers are told apart as Foundation types them: booleans (`c`, `B`), reals (`f`, `d`)
    /// and integers (the rest, as `Int`).
    ///
    /// - Parameter object: An object of a property list.
    /// - Returns: `nil` if `object` is of no property list type.
    init?(foundation object: Any) {
        switch object {
        case let string as String: self = .string(string)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": self = .boolean(number.boolValue)
            case "f", "d": self = .real(number.doubleValue)
            default: self = .integer(number.intValue)
            }
        case let date as Date: self = .date(date)
        case let data as Data: self = .data(data)
        case let items as [Any]:
            var values: [PropertyListValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = PropertyListValue(foundation: item) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let object as [String: Any]:
            var entries: [Entry] = []
            entries.reserveCapacity(object.count)
            for (key, item) in object.sorted(by: { $0.key < $1.key }) {
                guard let value = PropertyListValue(foundation: item) else { return nil }
                entries.append(Entry(key: key, value: value))
            }
            self = .dictionary(entries)
        default: return nil
        }
    }
}
