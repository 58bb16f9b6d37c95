import EMPlanner

/// Unsaved changes as people read them: a summary line, then one line per object, `+` for
/// inserted, `~` for updated, `-` for deleted.
///
/// ```
/// dry run, nothing saved: 1 inserted, 1 updated, 0 deleted
/// + player GER 24 Mario Götze
/// ~ team GER Deutschland
/// ```
struct ChangeReport {
    /// The changes, in the order to print.
    let changes: [UnsavedChanges.Change]

    /// A report of `changes`.
    init(_ changes: [UnsavedChanges.Change]) {
        self.changes = changes
    }

    /// The report under `heading`, each line ending in a newline.
    func text(heading: String) -> String {
        let count = { (kind: UnsavedChanges.Kind) in changes.count { $0.kind == kind } }
        let summary = "\(heading): \(count(.inserted)) inserted, \(count(.updated)) updated, \(count(.deleted)) deleted"
        return ([summary] + changes.map { "\(Self.symbol[$0.kind]!) \($0.label)" }).map { $0 + "\n" }.joined()
    }

    private static let symbol: [UnsavedChanges.Kind: String] = [.inserted: "+", .updated: "~", .deleted: "-"]
}
