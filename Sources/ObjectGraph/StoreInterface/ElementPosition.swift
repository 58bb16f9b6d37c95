/// Which member of an ordered to-many a key path picks: `tracks[FIRST]`, `tracks[LAST]`,
/// `tracks[2]` (from 0).
enum ElementPosition: Hashable, Sendable {
    case first
    case last
    case index(Int)

    /// The position a key path component in brackets names (`"[FIRST]"`, `"[last]"`, `"[2]"`),
    /// or `nil` for any other component.
    init?(component: String) {
        guard component.hasPrefix("["), component.hasSuffix("]"), component.count > 2 else { return nil }
        let inner = component.dropFirst().dropLast()
        switch inner.uppercased() {
        case "FIRST": self = .first
        case "LAST": self = .last
        default:
            guard inner.allSatisfy(\.isASCII), let index = Int(inner), index >= 0 else { return nil }
            self = .index(index)
        }
    }

    /// The key path component naming the position.
    var component: String {
        switch self {
        case .first: "[FIRST]"
        case .last: "[LAST]"
        case .index(let index): "[\(index)]"
        }
    }

    /// The member at the position, `nil` past the end.
    func element<T>(of members: [T]) -> T? {
        switch self {
        case .first: members.first
        case .last: members.last
        case .index(let index): index < members.count ? members[index] : nil
        }
    }
}
