/// Who fills one side of a knockout match.
///
/// It is a group position, one of the best third-placed teams, the winner or loser of an
/// earlier match, or, in a format without groups, a qualified team the tournament names.
/// Printed and parsed as on a bracket: `1A`, `2B`, `3A/C/D`, `W45`, `L49`, `Q1`.
public enum SlotLabel: Hashable, Sendable, CustomStringConvertible {
    /// The team finishing at `position` (1 or more) in `group`: `1A`, `2B`.
    case groupPosition(Int, group: String)
    /// A third-placed team from one of these groups (two or more), picked by the rule set's
    /// third-placed allocation table: `3A/C/D`.
    case thirdPlaced(groups: [String])
    /// The winner of the match with this number: `W45`.
    case winner(of: Int)
    /// The loser of the match with this number, for third-place matches: `L49`.
    case loser(of: Int)
    /// The `n`-th qualified team (1 or more) of a final tournament without groups (1960 to
    /// 1976: the four semi-finalists, in the order the tournament pairs them): `Q1`.
    case qualifier(Int)

    /// Reads a label such as `1A`, `3A/C/D`, `W45`, `L49` or `Q1`; letters may be lower case.
    ///
    /// A group is one letter. `3A` is the third of group A; a third-placed slot names two or
    /// more groups, each once.
    ///
    /// - Throws: ``SlotLabelError`` naming the text when it is not a label.
    public init(parsing text: String) throws(SlotLabelError) {
        let upper = text.uppercased()
        guard let first = upper.first else { throw .empty }
        if first == "W" || first == "L" || first == "Q" {
            let digits = upper.dropFirst()
            guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits) else {
                throw .malformed(text)
            }
            guard number > 0 else { throw first == "Q" ? .positionZero(text) : .matchNumberZero(text) }
            self = first == "W" ? .winner(of: number) : first == "L" ? .loser(of: number) : .qualifier(number)
            return
        }
        let digits = upper.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty, let position = Int(digits) else { throw .malformed(text) }
        guard position > 0 else { throw .positionZero(text) }
        let groups = upper.dropFirst(digits.count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard groups.allSatisfy({ $0.count == 1 && $0.first!.isASCIIUppercaseLetter }) else { throw .malformed(text) }
        if groups.count == 1 {
            self = .groupPosition(position, group: groups[0])
            return
        }
        guard position == 3 else { throw .choiceNotThird(text) }
        var seen = Set<String>()
        for group in groups where !seen.insert(group).inserted {
            throw .repeatedGroup(text, group: group)
        }
        self = .thirdPlaced(groups: groups)
    }

    /// The label as on a bracket: `1A`, `3A/C/D`, `W45`, `L49`.
    public var description: String {
        switch self {
        case .groupPosition(let position, let group): "\(position)\(group)"
        case .thirdPlaced(let groups): "3" + groups.joined(separator: "/")
        case .winner(let match): "W\(match)"
        case .loser(let match): "L\(match)"
        case .qualifier(let number): "Q\(number)"
        }
    }

    /// A label of the rule sets' own tables, which the tests parse in full.
    init(table text: String) {
        do {
            self = try SlotLabel(parsing: text)
        } catch {
            preconditionFailure("bad slot label in a rule set's table: \(error)")
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIIUppercaseLetter: Bool { isASCII && isUppercase }
}
