import Foundation

/// A rule of the model an object breaks, found when saving.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which rule.
    public enum Kind: Hashable, Sendable {
        /// A required attribute or to-one is empty.
        case missingValue
        /// The value does not fit the attribute's type (e.g. 40000 for Integer 16).
        case typeOverflow(String)
        /// A number or date is below the minimum.
        case belowMinimum(String)
        /// A number or date is above the maximum.
        case aboveMaximum(String)
        /// A string is shorter than the minimum length.
        case tooShort(Int)
        /// A string is longer than the maximum length.
        case tooLong(Int)
        /// A string does not match the regular expression.
        case patternMismatch(String)
        /// A to-many holds fewer objects than its minimum count.
        case tooFewObjects(Int)
        /// A to-many holds more objects than its maximum count.
        case tooManyObjects(Int)
        /// The object was deleted but a deny relationship still holds objects.
        case deleteDenied(Int)
        /// The relationship holds the object with this ID, which was deleted (or its insert
        /// undone) before it was ever saved: there is no row to refer to. A deny or no-action
        /// delete rule on the other side leaves such a reference behind.
        case danglingReference(String)
    }

    /// The object at fault.
    public var objectID: ManagedObjectID
    /// Its entity's name.
    public var entity: String
    /// The property at fault.
    public var property: String
    /// The offending value, as text (`nil` when empty).
    public var value: String?
    /// Which rule is broken.
    public var kind: Kind

    /// One sentence naming object, entity, property and rule.
    public var description: String {
        let place = "\(entity).\(property)"
        let shown = value.map { " (\($0))" } ?? ""
        switch kind {
        case .missingValue: return "\(place) is required but empty on \(objectID)"
        case .typeOverflow(let type): return "\(place) value\(shown) does not fit \(type) on \(objectID)"
        case .belowMinimum(let min): return "\(place) value\(shown) is below the minimum \(min) on \(objectID)"
        case .aboveMaximum(let max): return "\(place) value\(shown) is above the maximum \(max) on \(objectID)"
        case .tooShort(let min): return "\(place) value\(shown) is shorter than \(min) characters on \(objectID)"
        case .tooLong(let max): return "\(place) value\(shown) is longer than \(max) characters on \(objectID)"
        case .patternMismatch(let pattern): return "\(place) value\(shown) does not match /\(pattern)/ on \(objectID)"
        case .tooFewObjects(let min): return "\(place) holds fewer than \(min) objects on \(objectID)"
        case .tooManyObjects(let max): return "\(place) holds more than \(max) objects on \(objectID)"
        case .danglingReference(let destination):
            return "\(place) refers to \(destination), which was deleted before it was saved, on \(objectID)"
        case .deleteDenied(let count):
            return
                "\(entity) \(objectID) cannot be deleted: relationship '\(property)' still holds \(count) object\(count == 1 ? "" : "s") (delete rule deny)"
        }
    }
}
