import Foundation

/// What a run of the suite did and found: the counts it prints as a table, and every defect
/// with the write, kill or input that produced it.
struct StressReport {
    /// Processes writing at once in the concurrent-writer phase.
    var processes = 0
    /// Writes made in all by the concurrent writers.
    var writes = 0
    /// Kills sent.
    var kills = 0
    /// Kills that landed while em was still working (the others came after it had exited).
    var killsLanded = 0
    /// Malformed inputs tried.
    var inputs = 0
    /// Malformed inputs in the table.
    var inputsPlanned = 0
    /// Files found beside a store or target after a kill that landed: a SIGKILL leaves em no
    /// chance to remove its temporary files, so these are counted and shown, not failed.
    var killLeftovers: [String] = []
    /// Every defect found, in the order found.
    private(set) var defects: [Defect] = []
    /// Remarks for the reader: phases cut short by the time limit, how long each took.
    var notes: [String] = []

    /// Records a defect.
    ///
    /// - Parameters:
    ///   - kind: Its kind.
    ///   - message: What produced it and what was seen.
    mutating func add(_ kind: DefectKind, _ message: String) {
        defects.append(Defect(kind: kind, message: message))
    }

    /// Records defects found elsewhere, a phase's worker say.
    ///
    /// - Parameter found: The defects.
    mutating func add(_ found: [Defect]) {
        defects += found
    }

    /// Whether no defect was found.
    var passed: Bool { defects.isEmpty }

    /// The table, the notes, the defects by kind (at most `shown` of each kind; the rest are in
    /// `fullList`, when given) and a few of the files left by kills.
    ///
    /// - Parameters:
    ///   - shown: How many defects of each kind to print.
    ///   - fullList: The file that lists every defect, named when some are left out.
    func text(shown: Int, fullList: URL?) -> String {
        var lines = [
            row("processes", "\(processes)"),
            row("writes", "\(writes)"),
            row("kills", "\(kills) (\(killsLanded) landed while em worked)"),
            row("inputs", inputs == inputsPlanned ? "\(inputs)" : "\(inputs) of \(inputsPlanned)"),
        ]
        for kind in DefectKind.allCases {
            lines.append(row(kind.title, "\(defects.filter { $0.kind == kind }.count)"))
        }
        lines.append(row("files left by killed commands", "\(killLeftovers.count) (removed by the next writer, else a defect)"))
        lines += notes
        for kind in DefectKind.allCases {
            let found = defects.filter { $0.kind == kind }
            guard !found.isEmpty else { continue }
            lines.append("")
            lines.append("\(kind.title) (\(found.count)):")
            lines += found.prefix(shown).map { "  - " + $0.message }
            if found.count > shown {
                lines.append("  … \(found.count - shown) more" + (fullList.map { " in \($0.path)" } ?? ""))
            }
        }
        if !killLeftovers.isEmpty {
            lines.append("")
            lines.append("files left by killed commands (\(killLeftovers.count)), for example:")
            lines += killLeftovers.prefix(Self.leftoversShown).map { "  - " + $0 }
            if killLeftovers.count > Self.leftoversShown {
                lines.append(
                    "  … \(killLeftovers.count - Self.leftoversShown) more" + (fullList.map { " in \($0.path)" } ?? ""))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many of the files left by killed commands the report prints.
    static let leftoversShown = 5

    /// Every defect, then every file left by a killed command, one per line, for the full list
    /// kept in the workspace.
    var fullText: String {
        (defects.map { "\($0.kind.title): \($0.message)" } + killLeftovers.map { "left by a kill: \($0)" })
            .joined(separator: "\n") + "\n"
    }

    /// One line of the table: the label padded, then the value.
    ///
    /// - Parameters:
    ///   - label: What is counted.
    ///   - value: The count.
    private func row(_ label: String, _ value: String) -> String {
        label.padding(toLength: 50, withPad: " ", startingAt: 0) + value
    }
}
