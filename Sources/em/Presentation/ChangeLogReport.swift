import EMPlanner
import Foundation

/// The store's history as `em log` prints it: one row per save.
struct ChangeLogReport {
    /// The saves, the newest first.
    let entries: [ChangeLogEntry]

    /// The listing: number, time, author, command, what changed (in words, and for JSON also
    /// as objects per kind).
    var listing: Listing {
        let columns: [Listing.Column] = [
            .init("number", title: "NO", numeric: true), .init("time"), .init("author"),
            .init("command", fit: .shortens), .init("summary", title: "CHANGES", fit: .shortens),
            .init("changes", inTable: false, inCSV: false),
        ]
        var listing = Listing(columns, entries) { entry in
            [
                OutputValue(entry.number), .string(Self.time(entry.date)), OutputValue(entry.author), OutputValue(entry.action),
                .string(Self.summary(entry)),
                .array(
                    entry.entities.map { changes in
                        .object([
                            .init(key: "entity", value: .string(changes.entity)),
                            .init(key: "added", value: OutputValue(changes.inserted)),
                            .init(key: "changed", value: OutputValue(changes.updated)),
                            .init(key: "removed", value: OutputValue(changes.deleted)),
                            .init(key: "properties", value: .array(changes.properties.map { .string($0) })),
                        ])
                    }),
            ]
        }
        listing.saysWhenEmpty("no changes recorded")
        return listing
    }

    /// What a save changed, in words: `Match: 1 changed (awayGoals, homeGoals); Goal: 2 added`.
    static func summary(_ entry: ChangeLogEntry) -> String {
        entry.entities.map { changes in
            var parts: [String] = []
            if changes.inserted > 0 { parts.append("\(changes.inserted) added") }
            if changes.updated > 0 {
                let properties = changes.properties.isEmpty ? "" : " (\(changes.properties.joined(separator: ", ")))"
                parts.append("\(changes.updated) changed\(properties)")
            }
            if changes.deleted > 0 { parts.append("\(changes.deleted) removed") }
            return "\(changes.entity): \(parts.joined(separator: ", "))"
        }.joined(separator: "; ")
    }

    /// `date` in ISO 8601 with the local offset: `2026-11-30T18:02:11+01:00`.
    static func time(_ date: Date) -> String {
        let zone = TimeZone.current
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = zone.secondsFromGMT(for: date)
        let zoneText =
            offset == 0
            ? "Z" : String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) % 3600 / 60)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0, parts.second ?? 0) + zoneText
    }
}
