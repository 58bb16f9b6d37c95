import Foundation

/// The rules of the tournament, shared by the edits of ``Tournament`` and by
/// ``SetupData/validate(source:)`` so that a setup can hold nothing an edit would refuse.
enum TournamentRules {
    /// Positions a player can have.
    static let positions = ["GK", "DF", "MF", "FW"]
    /// Shirt numbers a store can hold; a rule set allows fewer (``SquadRules/shirtNumbers``).
    static let shirtNumbers = 1...99

    /// Whether `code` is a FIFA code: three capital letters A to Z.
    static func isTeamCode(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }
    /// Whether `text` holds a control character (Unicode's category Cc: NUL, tab, line feed,
    /// carriage return and the like), which no text the planner stores may hold: a table
    /// would print a broken row, and a property list cannot hold NUL.
    ///
    /// - Parameter multiline: Whether the text may hold line feeds, as a match's notes do
    ///   (one line per comment of an openfootball file).
    static func hasControlCharacter(_ text: String, multiline: Bool = false) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control && !(multiline && $0 == "\n") }
    }

    /// Why a text holding a control character is refused, as errors say it.
    static let controlCharacterRule = "must not hold control characters (line breaks, tabs, NUL)"

    /// Whether `slot` is a slot of a draw: a group's letter and a position 1 to 9 (`A1`).
    static func isDrawSlot(_ slot: String) -> Bool {
        let bytes = Array(slot.utf8)
        return bytes.count == 2 && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[0])
            && (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[1])
    }

    /// How long a venue is busy from a kick-off.
    ///
    /// It covers 90 minutes, half-time, extra time, penalties and clearing the stadium. Two
    /// kick-offs at one venue (same venue and city, ignoring case) must be at least this far
    /// apart.
    static let venueSlot: TimeInterval = 3 * 3600

    /// A scheduled match as the rules see it.
    struct Slot {
        var home: String
        var away: String
        var kickoff: Date
        var timeZone: TimeZone
        /// The venue, `nil` when it or the time of the kick-off is unknown (no venue clash then).
        var venue: String?
        var city: String?

        var localDay: String { CalendarDay.string(from: kickoff, in: timeZone) }
    }

    /// The first conflict of `new` with `existing` matches.
    ///
    /// A conflict is a team playing itself, a team playing twice on one local day, or the venue
    /// busy. An empty team name is a knockout side not known yet, which conflicts with nothing.
    static func conflict(of new: Slot, with existing: [Slot]) -> PlannerError.Kind? {
        if !new.home.isEmpty, new.home == new.away { return .teamPlaysItself(new.home) }
        for other in existing {
            for team in [new.home, new.away]
            where !team.isEmpty && [other.home, other.away].contains(team) && other.localDay == new.localDay {
                return .teamPlaysTwiceOnDay(team: team, day: new.localDay)
            }
            if let venue = other.venue, let newVenue = new.venue, same(venue, newVenue),
                same(other.city ?? "", new.city ?? ""), abs(other.kickoff.timeIntervalSince(new.kickoff)) < venueSlot
            {
                return .venueInUse(
                    venue: venue, city: other.city ?? "", at: KickoffFormat.string(from: other.kickoff, in: other.timeZone))
            }
        }
        return nil
    }

    /// Whether a round name is known.
    static func isRound(_ round: String) -> Bool { Round.all.contains(round) }

    /// Why a result cannot stand, or `nil`: goals 0...99; extra time only in knockout rounds;
    /// a knockout match has a winner (a draw after 90 minutes goes to extra time, a draw after
    /// extra time to penalties, or to lots, or to a replay); a shoot-out only after extra time
    /// ended in a draw (in a match for third place also after 90 minutes), and it has a winner.
    static func resultProblem(
        round: String, home: Int, away: Int, afterExtraTime: Bool, penalties: (home: Int, away: Int)?,
        decidedByLots: Bool = false, replayed: Bool = false
    ) -> String? {
        guard (0...99).contains(home), (0...99).contains(away) else {
            return "goals must be 0 to 99, found \(home):\(away)"
        }
        if afterExtraTime, round == "group" { return "group matches have no extra time" }
        if decidedByLots || replayed {
            guard round != "group", afterExtraTime, home == away, penalties == nil else {
                return decidedByLots
                    ? "lots decide only a knockout match level after extra time without a shoot-out"
                    : "only a knockout match level after extra time without a shoot-out is replayed"
            }
            return nil
        }
        if round == "thirdPlace", !afterExtraTime, home == away, penalties != nil {
            // 1980: the match for third place went to a shoot-out straight after 90 minutes.
        } else if round != "group", home == away, penalties == nil {
            return afterExtraTime
                ? "a knockout match needs a winner: a draw after extra time goes to penalties (--pens)"
                : "a knockout match needs a winner: a draw after 90 minutes goes to extra time (--aet)"
        }
        guard let penalties else { return nil }
        guard afterExtraTime || round == "thirdPlace" else { return "a penalty shoot-out needs extra time (--aet)" }
        guard home == away else { return "a penalty shoot-out needs a draw, found \(home):\(away)" }
        guard (0...99).contains(penalties.home), (0...99).contains(penalties.away) else {
            return "penalties must be 0 to 99, found \(penalties.home):\(penalties.away)"
        }
        guard penalties.home != penalties.away else {
            return "a penalty shoot-out has a winner, found \(penalties.home):\(penalties.away)"
        }
        return nil
    }

    /// A time zone identifier, IANA (`Europe/Kyiv`) or a fixed offset (`GMT+0200`), if known.
    static func timeZone(_ identifier: String) -> TimeZone? {
        let trimmed = identifier.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        return TimeZone(identifier: trimmed)
    }

    /// Folded text for comparing names the way users type them.
    static func fold(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace()
        // ASCII has no diacritics, and its case folding is lowering.
        guard trimmed.utf8.contains(where: { $0 >= 0x80 }) else { return trimmed.lowercased() }
        return trimmed.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether `text` folds to `folded` (``fold(_:)``), without making the folded text where
    /// `text` is ASCII with no whitespace around it.
    static func fold(_ text: String, equals folded: String) -> Bool {
        let answer = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard let first = bytes.first, let last = bytes.last, !isWhitespace(first), !isWhitespace(last),
                !bytes.contains(where: { $0 >= 0x80 })
            else { return nil }
            // ASCII folds to as many bytes, lowered.
            guard bytes.count == folded.utf8.count else { return false }
            return folded.utf8.withContiguousStorageIfAvailable { other in
                zip(bytes, other).allSatisfy { byte, other in
                    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == other : byte == other
                }
            }
        }
        return (answer ?? nil) ?? (fold(text) == folded)
    }

    /// Whether an ASCII byte is whitespace as `trimmingWhitespace()` trims it: a space or a tab.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func same(_ a: String, _ b: String) -> Bool { fold(a) == fold(b) }
}
