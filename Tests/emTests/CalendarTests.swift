import Foundation
import Testing

/// `em schedule --format ics`: the schedule as an iCalendar file, read back with a parser.
@Suite("em schedule --format ics")
struct CalendarTests {
    /// The kick-off instants by match id, as `em list matches` gives them.
    private func kickoffs(in workspace: Workspace) throws -> [Int: Date] {
        let json = try workspace.succeed("list", "matches", "--format", "json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let formatter = ISO8601DateFormatter()
        var kickoffs: [Int: Date] = [:]
        for row in rows {
            let id = try #require(row["id"] as? Int)
            let kickoff = try #require(row["kickoff"] as? String)
            kickoffs[id] = try #require(formatter.date(from: kickoff))
        }
        return kickoffs
    }

    @Test("Every match is an event at its instant, with its venue and teams or slots", arguments: ["2012", "2024"])
    func everyMatch(_ year: String) throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", year, "--force")
        try workspace.succeed("result", "1", "2:1")
        let text = try workspace.succeed("schedule", "--format", "ics")
        let calendar = try ICalendarComponent.parse(text)
        #expect(calendar.name == "VCALENDAR")
        #expect(calendar.property("VERSION")?.rawValue == "2.0")
        #expect(calendar.property("PRODID") != nil)
        let events = calendar.components.filter { $0.name == "VEVENT" }
        let kickoffs = try kickoffs(in: workspace)
        #expect(events.count == kickoffs.count)
        var ids = Set<Int>()
        for event in events {
            let uid = try #require(event.property("UID")?.rawValue)
            let number = try #require(uid.firstMatch(of: /-match-(\d+)@/))
            let id = try #require(Int(number.1))
            ids.insert(id)
            #expect(event.property("DTSTAMP")?.utcDate != nil)
            let start = try #require(event.property("DTSTART")?.utcDate, "\(uid)")
            #expect(start == kickoffs[id], "match \(id)")
            let end = try #require(event.property("DTEND")?.utcDate)
            #expect(end.timeIntervalSince(start) >= 2 * 3600)
            let summary = try #require(event.property("SUMMARY")?.text)
            #expect(summary.contains(" – "))
            #expect(event.property("LOCATION")?.text.contains(", ") == true)
        }
        #expect(ids == Set(kickoffs.keys))
        let summaries = events.compactMap { $0.property("SUMMARY")?.text }
        if year == "2012" {
            #expect(summaries.contains("Polen – Griechenland 2:1"))
            #expect(summaries.contains("Winner match 29 – Winner match 30"))
            #expect(events.contains { $0.property("LOCATION")?.text == "National Stadium (Stadion Narodowy), Warsaw" })
        } else {
            #expect(summaries.contains("Deutschland – Schottland 2:1"))
            #expect(summaries.contains("Winner Group A – Runner-up Group C"))
            #expect(summaries.contains { $0.hasPrefix("Winner Group B – 3rd Group A/D/E/F") })
        }
    }

    @Test("Lines end in CRLF and are folded at 75 octets, text escaped; UIDs stay from one run to the next")
    func syntax() throws {
        let workspace = try Workspace()
        let venue = "Stadion Narodowy im. Kazimierza Górskiego; Żółć, gęś & ćma \\ Łódź – a name longer than a line"
        try workspace.succeed("schedule", "move", "1", "--on", "2012-06-08", "--venue", venue, "--city", "Warszawa")
        let text = try workspace.succeed("schedule", "--format", "ics")
        let bytes = Array(text.utf8)
        #expect(bytes.suffix(2) == [13, 10])
        var lines: [[UInt8]] = [[]]
        for (index, byte) in bytes.enumerated() {
            if byte == 10 {
                #expect(index > 0 && bytes[index - 1] == 13, "a line feed without a carriage return at \(index)")
                lines.append([])
            } else if byte != 13 {
                lines[lines.count - 1].append(byte)
            }
        }
        #expect(lines.allSatisfy { $0.count <= 75 }, "\(lines.map(\.count).max() ?? 0) octets")
        #expect(lines.allSatisfy { String(validating: $0, as: UTF8.self) != nil }, "a character split by folding")
        #expect(lines.contains { $0.first == 32 }, "no line was folded")
        let calendar = try ICalendarComponent.parse(text)
        let first = try #require(calendar.components.first { $0.property("UID")?.rawValue.contains("-match-1@") == true })
        #expect(first.property("LOCATION")?.text == venue + ", Warszawa")
        #expect(first.property("LOCATION")?.rawValue.contains("\\;") == true)
        let again = try ICalendarComponent.parse(try workspace.succeed("schedule", "--format", "ics"))
        #expect(calendar.components.map { $0.property("UID")?.rawValue } == again.components.map { $0.property("UID")?.rawValue })
    }
}
