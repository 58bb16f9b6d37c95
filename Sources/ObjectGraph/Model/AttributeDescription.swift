// Unsafe: an attribute refers to its entity `unowned(unsafe)`; its model-built state skips run-time exclusivity
// checks, and it is `@unchecked Sendable`. Invariant: above `entity`.

import Foundation

/// A typed value held by the objects of an entity, with its validation rules.
public final class AttributeDescription: PropertyDescription, @unchecked Sendable {
    /// The attribute's name.
    public let name: String
    /// The type of its values.
    public let attributeType: AttributeType
    /// Whether the attribute may be `nil` when saved.
    public let isOptional: Bool
    /// Whether the attribute lives in memory only.
    public let isTransient: Bool
    /// Whether the store keeps an index on the attribute.
    public let isIndexed: Bool
    /// The value a newly inserted object starts with (`.null` when none).
    public let defaultValue: AttributeValue
    /// The smallest allowed value (numbers, dates), or `nil`.
    public let minValue: AttributeValue?
    /// The largest allowed value (numbers, dates), or `nil`.
    public let maxValue: AttributeValue?
    /// The shortest allowed string, in characters, or `nil`.
    public let minLength: Int?
    /// The longest allowed string, in characters, or `nil`.
    public let maxLength: Int?
    /// A regular expression the whole string must match, or `nil`.
    public let regularExpression: String?
    /// The attribute's name in an earlier version of the model, when it was renamed (Xcode's
    /// "Renaming ID"): migration carries the old attribute's values over.
    public let renamingIdentifier: String?
    /// Text mixed into the entity's version hash (Xcode's "Version Hash Modifier").
    public let versionHashModifier: String?
    /// The expression its value is computed from at every save that writes the object, or
    /// `nil`.
    ///
    /// It is in `NSExpression` format, as Xcode's derived attributes have it (`items.@count`,
    /// `canonical:(name)`, `now()`). A derived attribute cannot be set.
    public let derivationExpression: String?
    /// Keys and values of the application's own (Xcode's "User Info"), as the model file has them.
    public let userInfo: [String: String]
    /// The name of the transformer between a Transformable attribute's values and its stored
    /// bytes (Xcode's "Transformer"), or `nil` for Core Data's default, keyed archives: see
    /// ``ValueTransformerRegistry``.
    public let valueTransformerName: String?
    /// The class of a Transformable attribute's values, as the model names it (Xcode's "Custom
    /// Class", such as `"NSDictionary"`), or `nil`.
    public let customClassName: String?
    /// Whether a Binary or Transformable attribute's values may live in files beside the
    /// store (Xcode's "Allows External Storage").
    ///
    /// It changes how a store Core Data wrote keeps the values: behind a marker byte, or in a
    /// file of its `.<Store>_SUPPORT/_EXTERNAL_DATA` folder that the row names; ObjectGraph
    /// reads both and writes values behind the marker. ObjectGraph's own stores keep every
    /// value in its row.
    public let allowsExternalBinaryDataStorage: Bool

    // The model sets the stored properties below once, when it is built; afterwards they are
    // only read, so they opt out of run-time exclusivity checks. They are the attribute's only
    // mutable state, and are written on the thread building the model before anything uses it:
    // hence `@unchecked Sendable`. The entity is not reference-counted (`unowned(unsafe)`):
    // entities are never deallocated (see `EntityDescription`).

    /// The declaring entity (for an inherited property, the ancestor).
    public var entity: EntityDescription { declaringEntity! }
    /// Set once when the model is built.
    @exclusivity(unchecked) unowned(unsafe) var declaringEntity: EntityDescription?
    /// Position of the attribute's value in an object's attribute storage; set by the model.
    @exclusivity(unchecked) var storageIndex: Int = -1
    /// The parsed ``derivationExpression``; set by the model.
    @exclusivity(unchecked) var derivation: FetchExpression?

    /// Describes an attribute.
    ///
    /// - Parameters:
    ///   - name: The attribute's name.
    ///   - type: The type of its values.
    ///   - isOptional: Whether `nil` is allowed when saving (Core Data's default: yes).
    ///   - isTransient: Whether the attribute lives in memory only.
    ///   - isIndexed: Whether the store keeps an index on it.
    ///   - defaultValue: The value of a new object.
    ///   - minValue: The smallest allowed number or date.
    ///   - maxValue: The largest allowed number or date.
    ///   - minLength: The shortest allowed string.
    ///   - maxLength: The longest allowed string.
    ///   - regularExpression: A pattern the whole string must match.
    ///   - renamingIdentifier: Its name in an earlier version of the model.
    ///   - versionHashModifier: Text mixed into its entity's version hash.
    ///   - valueTransformerName: The name of a Transformable attribute's value transformer.
    ///   - customClassName: The class of a Transformable attribute's values.
    ///   - allowsExternalBinaryDataStorage: Whether a Binary or Transformable attribute's
    ///     values may live in files beside a store Core Data wrote.
    ///   - derivationExpression: The expression a derived attribute is computed from.
    ///   - userInfo: The application's own keys and values.
    public init(
        _ name: String, _ type: AttributeType,
        isOptional: Bool = true, isTransient: Bool = false, isIndexed: Bool = false,
        defaultValue: AttributeValue = .null,
        minValue: AttributeValue? = nil, maxValue: AttributeValue? = nil,
        minLength: Int? = nil, maxLength: Int? = nil,
        regularExpression: String? = nil,
        renamingIdentifier: String? = nil, versionHashModifier: String? = nil,
        valueTransformerName: String? = nil, customClassName: String? = nil,
        allowsExternalBinaryDataStorage: Bool = false, derivationExpression: String? = nil, userInfo: [String: String] = [:]
    ) {
        self.name = name
        self.attributeType = type
        self.userInfo = userInfo
        self.derivationExpression = derivationExpression
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.isIndexed = isIndexed
        self.defaultValue = defaultValue
        self.minValue = minValue
        self.maxValue = maxValue
        self.minLength = minLength
        self.maxLength = maxLength
        self.regularExpression = regularExpression
        self.renamingIdentifier = renamingIdentifier
        self.versionHashModifier = versionHashModifier
        self.valueTransformerName = valueTransformerName
        self.customClassName = customClassName
        self.allowsExternalBinaryDataStorage = allowsExternalBinaryDataStorage
    }
}
