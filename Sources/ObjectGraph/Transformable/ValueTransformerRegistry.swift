import Foundation

/// The value transformers of Transformable attributes, by the name a model gives them, as
/// Foundation's `ValueTransformer.setValueTransformer(_:forName:)` keeps them.
///
/// Core Data's default transformers need no registration: an attribute without a transformer
/// name, or naming one of ``keyedArchiveTransformerNames``, reads and writes keyed archives
/// with ``KeyedArchiveValueTransformer`` unless another transformer is registered under that
/// name.
///
/// ```swift
/// ValueTransformerRegistry.shared.register(CodableValueTransformer<Address>(), forName: "AddressTransformer")
/// let address = try customer.transformedValue(forKey: "address", as: Address.self)
/// ```
///
/// A registry is safe to use from any thread.
public final class ValueTransformerRegistry: @unchecked Sendable {
    /// The registry typed access uses unless told otherwise.
    public static let shared = ValueTransformerRegistry()

    /// The names of Core Data's keyed-archive transformers: `NSSecureUnarchiveFromData` (also
    /// written `NSSecureUnarchiveFromDataTransformerName`) and `NSKeyedUnarchiveFromData`.
    public static let keyedArchiveTransformerNames: Set<String> = [
        "NSSecureUnarchiveFromData", "NSSecureUnarchiveFromDataTransformerName", "NSKeyedUnarchiveFromData",
    ]

    // Unchecked Sendable: `transformers` is only touched with `lock` held.
    private let lock = NSLock()
    private var transformers: [String: any AttributeValueTransformer] = [:]

    /// Creates an empty registry (the default transformers excepted).
    public init() {}

    /// Registers `transformer` under `name`, replacing any transformer registered under it.
    public func register(_ transformer: some AttributeValueTransformer, forName name: String) {
        lock.withLock { transformers[name] = transformer }
    }

    /// Removes the transformer registered under `name`, if any.
    public func removeTransformer(forName name: String) {
        _ = lock.withLock { transformers.removeValue(forKey: name) }
    }

    /// The transformer for a model's transformer name: the one registered under it, or
    /// ``KeyedArchiveValueTransformer`` for `nil`, an empty name and
    /// ``keyedArchiveTransformerNames``; `nil` for any other name.
    public func transformer(forName name: String?) -> (any AttributeValueTransformer)? {
        let name = name ?? ""
        if let registered = lock.withLock({ transformers[name] }) { return registered }
        return name.isEmpty || Self.keyedArchiveTransformerNames.contains(name) ? KeyedArchiveValueTransformer() : nil
    }
}
