/// The input of workload S3: a setup property list (the format `em init --setup` reads, see
/// `Sources/EMPlanner/Interchange/SetupData+Plist.swift`) of ``NewSquads``, as XML laid out as em writes
/// one.
///
/// Up to four groups `A` to `D` take the first four teams each, with the six matches of each
/// group on days of their own (June 2012, 18:00 in Warsaw, a venue per group); the other teams
/// are in no group (the root `teams` array). Every team has its coach and its
/// ``NewSquads/squadSize`` players with every key, under rule set `euro2012`.
enum SetupPlist {
    /// The tournament's title.
    static let title = "og-bench Cup"

    /// The property list's text.
    static func text(_ squads: NewSquads) -> String {
        let groupCount = min(4, squads.teams.count / 4)
        let groupNames = ["A", "B", "C", "D"].prefix(groupCount)
        var writer = Writer()
        writer.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        writer.line(
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">")
        writer.line("<plist version=\"1.0\">")
        writer.open("dict", indented: false)
        writer.entry("tournament", string: title)
        writer.entry("ruleSet", string: "euro2012")
        writer.key("groups")
        writer.open("array")
        for (index, name) in groupNames.enumerated() {
            writer.open("dict")
            writer.entry("name", string: name)
            writer.key("teams")
            writer.open("array")
            for team in squads.teams[(index * 4)..<(index * 4 + 4)] { writer.team(team) }
            writer.close("array")
            writer.close("dict")
        }
        writer.close("array")
        if squads.teams.count > groupCount * 4 {
            writer.key("teams")
            writer.open("array")
            for team in squads.teams[(groupCount * 4)...] { writer.team(team) }
            writer.close("array")
        }
        writer.key("matches")
        writer.open("array")
        let pairings = [(0, 1), (2, 3), (0, 2), (1, 3), (3, 0), (1, 2)]
        for (index, group) in groupNames.enumerated() {
            for (round, (home, away)) in pairings.enumerated() {
                let day = index * pairings.count + round + 1
                writer.open("dict")
                writer.entry("home", string: squads.teams[index * 4 + home].name)
                writer.entry("away", string: squads.teams[index * 4 + away].name)
                writer.entry("kickoff", string: "2012-06-\(day < 10 ? "0" : "")\(day)T18:00:00+02:00")
                writer.entry("timeZone", string: "Europe/Warsaw")
                writer.entry("venue", string: "Arena \(group)")
                writer.entry("city", string: "City \(group)")
                writer.entry("round", string: "group")
                writer.entry("group", string: group)
                writer.close("dict")
            }
        }
        writer.close("array")
        writer.close("dict", indented: false)
        writer.line("</plist>")
        return writer.text
    }

    /// XML lines indented with tabs, one level per open element.
    private struct Writer {
        var text = ""
        var depth = 0

        mutating func line(_ content: String) {
            text += String(repeating: "\t", count: depth) + content + "\n"
        }

        mutating func open(_ element: String, indented: Bool = true) {
            line("<\(element)>")
            if indented { depth += 1 }
        }

        mutating func close(_ element: String, indented: Bool = true) {
            if indented { depth -= 1 }
            line("</\(element)>")
        }

        mutating func key(_ key: String) { line("<key>\(key)</key>") }

        mutating func entry(_ key: String, string: String) {
            self.key(key)
            line("<string>\(Self.escaped(string))</string>")
        }

        mutating func entry(_ key: String, integer: Int) {
            self.key(key)
            line("<integer>\(integer)</integer>")
        }

        mutating func team(_ team: NewSquads.Team) {
            open("dict")
            entry("name", string: team.name)
            entry("englishName", string: team.englishName)
            entry("code", string: team.code)
            if let ranking = team.ranking { entry("ranking", integer: ranking) }
            key("coach")
            open("dict")
            entry("givenname", string: team.coach.givenname)
            entry("name", string: team.coach.name)
            close("dict")
            key("players")
            open("array")
            for player in team.players {
                open("dict")
                entry("number", integer: player.number)
                entry("givenname", string: player.givenname)
                entry("name", string: player.name)
                entry("position", string: player.position)
                entry("club", string: player.club)
                entry("born", string: player.born)
                close("dict")
            }
            close("array")
            close("dict")
        }

        private static func escaped(_ text: String) -> String {
            text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
        }
    }
}
