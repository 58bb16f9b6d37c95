/// A slot of the draw and the team drawn into it, as written: `A1=ENG`,
/// `F2 = Republic of Ireland`.
public struct DrawAssignment: Hashable, Sendable {
    /// The slot, such as `A1`.
    public var slot: String
    /// The team: a FIFA code or a name (see ``Structure/draw(_:)``).
    public var team: String

    /// Creates an assignment of `team` to `slot`.
    public init(slot: String, team: String) {
        self.slot = slot
        self.team = team
    }

    /// Reads `SLOT=TEAM`; spaces around either are ignored.
    ///
    /// - Throws: ``PlannerError/Kind/invalidDrawAssignment(_:place:)`` when there is no `=`,
    ///   or nothing before or after it.
    public init(parsing text: String) throws(PlannerError) {
        try self.init(parsing: text, place: nil)
    }

    private init(parsing text: String, place: String?) throws(PlannerError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw PlannerError(.invalidDrawAssignment(text.trimmingWhitespace(), place: place))
        }
        slot = text[..<equals].trimmingWhitespace()
        team = text[text.index(after: equals)...].trimmingWhitespace()
        guard !slot.isEmpty, !team.isEmpty else {
            throw PlannerError(.invalidDrawAssignment(text.trimmingWhitespace(), place: place))
        }
    }

    /// Reads a draw written one assignment a line (`A1=ENG`); blank lines and lines starting
    /// with `#` are skipped.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: What to call the file in errors.
    /// - Throws: ``PlannerError/Kind/invalidDrawAssignment(_:place:)`` naming the file and
    ///   line.
    public static func assignments(in text: String, file: String) throws(PlannerError) -> [DrawAssignment] {
        var assignments: [DrawAssignment] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let content = line.trimmingWhitespace()
            guard !content.isEmpty, !content.hasPrefix("#") else { continue }
            assignments.append(try DrawAssignment(parsing: content, place: "\(file):\(index + 1)"))
        }
        return assignments
    }
}
