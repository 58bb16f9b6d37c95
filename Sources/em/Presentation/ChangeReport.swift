import EMPlanner

/// Changes as people and scripts read them.
///
/// As a list (``text(under:)``), one line per object, `+` added, `~` updated with each field
/// before and after, `-` removed:
///
/// ```
/// 3 unsaved changes
/// + player GER 24 Mario Götze
/// ~ match 1 POL-GRE: result 1:1 → 2:0
/// - coach GER Joachim Löw
/// ```
///
/// As a dry run (``dryRunText``), the same in the conditional: `would add player GER 24 Mario
/// Götze`. As JSON (``json(dryRun:)``), one object for scripts.
struct ChangeReport {
    /// The changes, in the order to print.
    let changes: [TournamentChange]

    /// A report of `changes`.
    init(_ changes: [TournamentChange]) {
        self.changes = changes
    }

    /// The changes under `heading`, each line ending in a newline.
    func text(under heading: String) -> String {
        ([heading] + changes.map { "\(Self.symbol[$0.kind]!) \(Self.describe($0))" }).map { $0 + "\n" }.joined()
    }

    /// What a dry run would change: `dry run, nothing saved: 2 changes would be made`, then
    /// `would add …`, `would update …: result 1:1 → 2:0`, `would remove …`.
    var dryRunText: String {
        let summary = changes.isEmpty ? "nothing would change" : "\(Count(changes.count, "change")) would be made"
        return (["dry run, nothing saved: \(summary)"] + changes.map { "would \(Self.verb[$0.kind]!) \(Self.describe($0))" })
            .map { $0 + "\n" }.joined()
    }

    /// One JSON object: `dryRun`, and `changes`, each with its `kind` (`inserted`, `updated`,
    /// `deleted`), `entity`, `id` (what em's commands take to name it: `{"match": 13}`,
    /// `{"team": "GER", "number": 19}`), `label`, and `values`: per field its `old` and `new`
    /// value (an added object's old values `null`, a removed object's new ones).
    func json(dryRun: Bool) -> String {
        let objects = changes.map { change in
            OutputValue.object([
                .init(key: "kind", value: .string(Self.kindName[change.kind]!)),
                .init(key: "entity", value: .string(change.entity)),
                .init(key: "id", value: .object(change.identity.map { .init(key: $0.name, value: Self.output($0.value)) })),
                .init(key: "label", value: .string(change.label)),
                .init(
                    key: "values",
                    value: .object(
                        change.fields.map { field in
                            .init(
                                key: field.name,
                                value: .object([
                                    .init(key: "old", value: Self.output(field.old)),
                                    .init(key: "new", value: Self.output(field.new)),
                                ]))
                        })),
            ])
        }
        return JSONRenderer().render(
            .object([.init(key: "dryRun", value: .boolean(dryRun)), .init(key: "changes", value: .array(objects))]))
            + "\n"
    }

    /// The object, and for an update each field: `match 1 POL-GRE: result 1:1 → 2:0`.
    private static func describe(_ change: TournamentChange) -> String {
        guard change.kind == .updated else { return change.label }
        let fields = change.fields.map { "\(words($0.name)) \($0.old?.description ?? "none") → \($0.new?.description ?? "none")" }
        return "\(change.label): \(fields.joined(separator: ", "))"
    }

    /// A field's name as words: `homeSlot` → `home slot`.
    private static func words(_ name: String) -> String {
        name.map { $0.isUppercase ? " \($0.lowercased())" : String($0) }.joined()
    }

    private static func output(_ value: FieldValue?) -> OutputValue {
        switch value {
        case .text(let text): .string(text)
        case .number(let number): .integer(number)
        case .flag(let flag): .boolean(flag)
        case nil: .null
        }
    }

    private static let symbol: [TournamentChange.Kind: String] = [.inserted: "+", .updated: "~", .deleted: "-"]
    private static let verb: [TournamentChange.Kind: String] = [.inserted: "add", .updated: "update", .deleted: "remove"]
    private static let kindName: [TournamentChange.Kind: String] = [
        .inserted: "inserted", .updated: "updated", .deleted: "deleted",
    ]
}
