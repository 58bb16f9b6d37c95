import Foundation

/// Reading and writing the setup property list.
///
/// Layout: root `{tournament, ruleSet?, groups[], teams[]? (teams in no group), matches[]}`;
/// group `{name, teams[], officialOrder[]?}`; team `{name, englishName?, code, drawSlot?, aliases[]?,
/// ranking?, coach?, players[]}`; coach `{givenname?, name}`; player `{number, givenname?, name, position, club?,
/// born? "YYYY-MM-DD"}`; match `{home?, away?, kickoff? "ISO 8601 with offset" or "YYYY-MM-DD"
/// (time unknown; then timeZone is required), timeZone? "IANA", venue?, city?, round,
/// homeSlot?, awaySlot?, group?, homeGoals?, awayGoals?, afterExtraTime?, homePenalties?,
/// awayPenalties?, lotsWinner? "home|away", replay?, homeFullTimeGoals?, awayFullTimeGoals?
/// (after 90 minutes of a match with extra time), homeHalfTimeGoals?, awayHalfTimeGoals?,
/// notes?, goals[]?, cards[]?}`; goal `{team, player | scorer, minute, addedMinute?, penalty?,
/// ownGoal?}`; card `{team, player? | playerName? | official?, kind, minute?, addedMinute?}`;
/// appearance `{team, player | playerName, line? (a starter's), captain?, replaces? (a
/// substitute's: the place from 0 of the appearance he replaced), minute?, addedMinute?}`;
/// penalty kick `{team, player | playerName, scored?, note?}`; match `appearances[]?`,
/// `penaltyKicks[]?` (the shoot-out's kicks in order). Unknown
/// keys are refused, so that a misspelt key does not silently lose data.
///
/// - `ruleSet`: the edition whose rules the tournament plays by (`euro2012`, `euro2016`,
///   `euro2020`, `euro2024`); EURO 2012's when absent.
/// - `homeSlot`, `awaySlot`: a knockout match's sides as on a bracket, both or neither: `1A`
///   (winner of group A), `2B`, `3A/C/D` (a third-placed team, by the rule set's allocation
///   table), `W25` (winner of the setup's 25th match), `L29` (its loser). The planner fills
///   in the teams as the results decide them; `home` and `away` may then be left out, and a
///   match with a result needs both teams.
/// - `drawSlot`: the draw's slot the team fills (`A1`); a team whose `code` is its slot is
///   still to be drawn (``Tournament/draw(_:)``), and its name is the slot too.
/// - `ranking`: the team's place in the ranking the rule set falls back on last (1 is best).
/// - `officialOrder`: a group's final order as published, team codes first to last; it
///   decides only ties the results and cards cannot.
/// - `goals`, `cards`: a match's events. `team` is the German name of the scorer's or booked
///   person's team (for an own goal, the scorer's); `player` a shirt number of its squad;
///   `official` a team official's name; `kind` `yellow`, `secondYellow` or `red`. The rules
///   of ``Tournament/recordGoal(match:team:number:minute:penalty:ownGoal:)`` and
///   ``Tournament/recordCard(match:team:holder:kind:minute:)`` apply.
extension SetupData {
    /// Parses and validates a setup property list.
    ///
    /// A match without `timeZone` gets a fixed-offset zone from its kick-off's offset
    /// (`GMT+0200`).
    ///
    /// - Parameters:
    ///   - data: The property list (XML or binary).
    ///   - source: What to call it in errors, usually the file name.
    /// - Throws: ``SetupError`` with the key path of the first culprit: a value of the wrong
    ///   type, a missing or unknown key, a date that does not parse, or an inconsistency found
    ///   by ``validate(source:)``; for data that is no property list, the line and column
    ///   where its XML goes wrong.
    /// - Complexity: O(*n*) in the length of `data`, for an XML property list in UTF-8.
    public init(plist data: Data, source: String) throws(SetupError) {
        try self.init(propertyList: try Self.propertyList(from: data, source: source), source: source)
    }

    /// Checks and validates a property list read by ``propertyList(from:source:)``.
    ///
    /// The property list is consumed: each team's part is freed once read, so that the list and
    /// the setup are never both whole in memory.
    init(propertyList root: consuming PropertyListValue, source: String) throws(SetupError) {
        self = try PlistReader(source: source).setup(root)
        try validate(source: source)
    }

    /// The property list in `data`: read by ``XMLPropertyListParser`` if it is XML, else (a
    /// binary property list, or XML the parser refuses) by `PropertyListSerialization`.
    ///
    /// - Throws: ``SetupError`` for data that is no property list, with the line and column
    ///   the parser names for XML.
    static func propertyList(from data: Data, source: String) throws(SetupError) -> PropertyListValue {
        var syntaxError: PropertyListSyntaxError?
        if XMLPropertyListParser.looksLikeXML(data) {
            do {
                return try XMLPropertyListParser.parse(data)
            } catch {
                syntaxError = error
            }
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let detail = (error as NSError).userInfo["NSDebugDescription"] as? String
            throw SetupError(
                source: source, keyPath: "",
                message: "not a property list: \(syntaxError.map(String.init(describing:)) ?? detail ?? "unreadable data")")
        }
        guard let value = PropertyListValue(foundation: root) else {
            throw SetupError(source: source, keyPath: "", message: "not a property list: a value of type \(type(of: root))")
        }
        return value
    }

    /// The setup as an XML property list, keys in the order of the bundled file, optional keys
    /// left out when empty, results only for played matches.
    ///
    /// - Returns: UTF-8 XML that ``init(plist:source:)`` reads back to an equal value.
    /// - Throws: ``SetupError`` (source `the tournament`) naming the key path of a text that
    ///   holds a control character (written before em refused them), which XML cannot always
    ///   hold and a setup may not.
    public func plistData() throws -> Data {
        let root = PlistValue.dictionary(plistRoot)
        if let path = root.firstTextWithControlCharacter(at: "") {
            throw SetupError(source: "the tournament", keyPath: path, message: TournamentRules.controlCharacterRule)
        }
        var writer = PlistWriter()
        writer.write(root)
        return Data(writer.text.utf8)
    }

    /// The key path of the first text of the setup (in the order of its property list) that
    /// holds a control character (``TournamentRules/hasControlCharacter(_:)``), such as
    /// `groups[0].teams[1].players[4].name`; `nil` when none does.
    ///
    /// - Complexity: O(*n*) in the setup's size.
    var firstTextWithControlCharacter: String? {
        PlistValue.dictionary(plistRoot).firstTextWithControlCharacter(at: "")
    }

    private var plistRoot: [(String, PlistValue)] {
        var entries: [(String, PlistValue)] = [("tournament", .string(tournament))]
        if let ruleSet { entries.append(("ruleSet", .string(ruleSet))) }
        entries.append(("groups", .array(groups.map { .dictionary($0.plistEntries) })))
        if !ungroupedTeams.isEmpty { entries.append(("teams", .array(ungroupedTeams.map { .dictionary($0.plistEntries) }))) }
        entries.append(("matches", .array(matches.map { .dictionary($0.plistEntries) })))
        return entries
    }
}

extension SetupData.GroupEntry {
    fileprivate var plistEntries: [(String, PlistValue)] {
        var entries: [(String, PlistValue)] = [
            ("name", .string(name)), ("teams", .array(teams.map { .dictionary($0.plistEntries) })),
        ]
        if let officialOrder { entries.append(("officialOrder", .array(officialOrder.map(PlistValue.string)))) }
        return entries
    }
}

extension SetupData.TeamEntry {
    fileprivate var plistEntries: [(String, PlistValue)] {
        var entries: [(String, PlistValue)] = [("name", .string(name))]
        if let englishName { entries.append(("englishName", .string(englishName))) }
        entries.append(("code", .string(code)))
        if let drawSlot { entries.append(("drawSlot", .string(drawSlot))) }
        if !aliases.isEmpty { entries.append(("aliases", .array(aliases.map(PlistValue.string)))) }
        if let ranking { entries.append(("ranking", .integer(ranking))) }
        if let coach {
            var coachEntries: [(String, PlistValue)] = []
            if let givenname = coach.givenname { coachEntries.append(("givenname", .string(givenname))) }
            coachEntries.append(("name", .string(coach.name)))
            entries.append(("coach", .dictionary(coachEntries)))
        }
        entries.append(("players", .array(players.map { .dictionary($0.plistEntries) })))
        return entries
    }
}

extension SetupData.PlayerEntry {
    fileprivate var plistEntries: [(String, PlistValue)] {
        var entries: [(String, PlistValue)] = [("number", .integer(number))]
        if let givenname { entries.append(("givenname", .string(givenname))) }
        entries.append(("name", .string(name)))
        entries.append(("position", .string(position)))
        if let club { entries.append(("club", .string(club))) }
        if let born { entries.append(("born", .string(born))) }
        return entries
    }
}

extension SetupData.MatchEntry {
    fileprivate var plistEntries: [(String, PlistValue)] {
        let zone = TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)!
        var entries: [(String, PlistValue)] = []
        if let home { entries.append(("home", .string(home))) }
        if let away { entries.append(("away", .string(away))) }
        if let kickoff {
            let text =
                kickoffTimeKnown ? KickoffFormat.string(from: kickoff, in: zone) : CalendarDay.string(from: kickoff, in: zone)
            entries.append(("kickoff", .string(text)))
        }
        entries.append(("timeZone", .string(timeZone)))
        if let venue { entries.append(("venue", .string(venue))) }
        if let city { entries.append(("city", .string(city))) }
        entries.append(("round", .string(round)))
        if let homeSlot { entries.append(("homeSlot", .string(homeSlot))) }
        if let awaySlot { entries.append(("awaySlot", .string(awaySlot))) }
        if let group { entries.append(("group", .string(group))) }
        if let homeGoals { entries.append(("homeGoals", .integer(homeGoals))) }
        if let awayGoals { entries.append(("awayGoals", .integer(awayGoals))) }
        if afterExtraTime { entries.append(("afterExtraTime", .boolean(true))) }
        if let homePenalties { entries.append(("homePenalties", .integer(homePenalties))) }
        if let awayPenalties { entries.append(("awayPenalties", .integer(awayPenalties))) }
        if let lotsWinner { entries.append(("lotsWinner", .string(lotsWinner))) }
        if replay { entries.append(("replay", .boolean(true))) }
        if let homeFullTimeGoals { entries.append(("homeFullTimeGoals", .integer(homeFullTimeGoals))) }
        if let awayFullTimeGoals { entries.append(("awayFullTimeGoals", .integer(awayFullTimeGoals))) }
        if let homeHalfTimeGoals { entries.append(("homeHalfTimeGoals", .integer(homeHalfTimeGoals))) }
        if let awayHalfTimeGoals { entries.append(("awayHalfTimeGoals", .integer(awayHalfTimeGoals))) }
        if let notes { entries.append(("notes", .string(notes))) }
        if !goals.isEmpty { entries.append(("goals", .array(goals.map { .dictionary($0.plistEntries) }))) }
        if !cards.isEmpty { entries.append(("cards", .array(cards.map { .dictionary($0.plistEntries) }))) }
        if !appearances.isEmpty {
            entries.append(("appearances", .array(appearances.map { .dictionary($0.plistEntries) })))
        }
        if !penaltyKicks.isEmpty {
            entries.append(("penaltyKicks", .array(penaltyKicks.map { .dictionary($0.plistEntries) })))
        }
        return entries
    }
}

extension SetupData.GoalEntry {
    fileprivate var plistEntries: [(String, PlistValue)] {
        var entries: [(String, PlistValue)] = [("team", .string(team))]
        if let player { entries.append(("player", .integer(player))) }
        if let scorerName { entries.append(("scorer", .string(scorerName))) }
        entries.append(("minute", .integer(minute)))
        if let addedMinute { entries.append(("addedMinute", .integer(addedMinute))) }
        if penalty { entries.append(("penalty", .boolean(true))) }
        if ownGoal { entries.append(("ownGoal", .boolean(true))) }
        return entries
    }
}

extension SetupData.CardEntry {
    fileprivate var plistEntries: [(String, PlistValue)] {
        var entries: [(String, PlistValue)] = [("team", .string(team))]
        switch holder {
        case .player(let number): entries.append(("player", .integer(number)))
        case .official(let name): entries.append(("official", .string(name)))
        case .namedPlayer(let name): entries.append(("playerName", .string(name)))
        }
        entries.append(("kind", .string(kind.rawValue)))
        if let minute { entries.append(("minute", .integer(minute))) }
        if let addedMinute { entries.append(("addedMinute", .integer(addedMinute))) }
        return entries
    }
}

extension SetupData.AppearanceEntry {
    fileprivate var plistEntries: [(String, PlistValue)] {
        var entries: [(String, PlistValue)] = [("team", .string(team))]
        if let player { entries.append(("player", .integer(player))) }
        if let playerName { entries.append(("playerName", .string(playerName))) }
        if let formationLine { entries.append(("line", .integer(formationLine))) }
        if captain { entries.append(("captain", .boolean(true))) }
        if let replaces { entries.append(("replaces", .integer(replaces))) }
        if let minute { entries.append(("minute", .integer(minute))) }
        if let addedMinute { entries.append(("addedMinute", .integer(addedMinute))) }
        return entries
    }
}

extension SetupData.PenaltyKickEntry {
    fileprivate var plistEntries: [(String, PlistValue)] {
        var entries: [(String, PlistValue)] = [("team", .string(team))]
        if let player { entries.append(("player", .integer(player))) }
        if let playerName { entries.append(("playerName", .string(playerName))) }
        if scored { entries.append(("scored", .boolean(true))) }
        if let note { entries.append(("note", .string(note))) }
        return entries
    }
}

// MARK: - Writing

/// A property list value with ordered dictionary keys.
private indirect enum PlistValue {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([PlistValue])
    case dictionary([(String, PlistValue)])
}

extension PlistValue {
    /// The key path, below `path`, of the first string in the value that holds a control
    /// character; line feeds are allowed in a match's notes (`multiline`).
    fileprivate func firstTextWithControlCharacter(at path: String, multiline: Bool = false) -> String? {
        switch self {
        case .string(let string): TournamentRules.hasControlCharacter(string, multiline: multiline) ? path : nil
        case .integer, .boolean: nil
        case .array(let items):
            items.indices.lazy.compactMap { items[$0].firstTextWithControlCharacter(at: "\(path)[\($0)]") }.first
        case .dictionary(let entries):
            entries.lazy.compactMap { key, value in
                value.firstTextWithControlCharacter(at: path.isEmpty ? key : "\(path).\(key)", multiline: key == "notes")
            }.first
        }
    }
}

/// Writes XML property lists indented with tabs, as Xcode does.
private struct PlistWriter {
    var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    mutating func write(_ root: PlistValue) {
        write(root, depth: 0)
        text += "</plist>\n"
    }

    private mutating func write(_ value: PlistValue, depth: Int) {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .string(let string): text += "\(indent)<string>\(Self.escaped(string))</string>\n"
        case .integer(let integer): text += "\(indent)<integer>\(integer)</integer>\n"
        case .boolean(let boolean): text += "\(indent)<\(boolean)/>\n"
        case .array(let items):
            guard !items.isEmpty else {
                text += "\(indent)<array/>\n"
                return
            }
            text += "\(indent)<array>\n"
            for item in items { write(item, depth: depth + 1) }
            text += "\(indent)</array>\n"
        case .dictionary(let entries):
            text += "\(indent)<dict>\n"
            for (key, item) in entries {
                text += "\(indent)\t<key>\(Self.escaped(key))</key>\n"
                write(item, depth: depth + 1)
            }
            text += "\(indent)</dict>\n"
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

// MARK: - Reading

/// Turns the parsed property list into ``SetupData``, checking types and keys and naming the
/// key path of every culprit.
private struct PlistReader {
    let source: String

    func fail(_ path: String, _ message: String) -> SetupError {
        SetupError(source: source, keyPath: path, message: message)
    }

    func setup(_ root: consuming PropertyListValue) throws(SetupError) -> SetupData {
        var object = try dictionary(consume root, at: "", allowed: ["tournament", "ruleSet", "groups", "teams", "matches"])
        let tournament = try required(object, "tournament", at: "")
        let ruleSet = try optionalName(object, "ruleSet", at: "")
        let groups = try array(object, "groups", at: "").enumerated().map { (index, item) throws(SetupError) in
            try group(item, at: "groups[\(index)]")
        }
        var ungrouped: [SetupData.TeamEntry] = []
        if object["teams"] != nil {
            var items = try taking(&object, "teams", at: "")
            items.reverse()
            ungrouped.reserveCapacity(items.count)
            // Each team's values are freed as soon as it is read.
            while let item = items.popLast() { ungrouped.append(try team(item, at: "teams[\(ungrouped.count)]")) }
        }
        let matches = try array(object, "matches", at: "").enumerated().map { (index, item) throws(SetupError) in
            try match(item, at: "matches[\(index)]")
        }
        return SetupData(tournament: tournament, ruleSet: ruleSet, groups: groups, ungroupedTeams: ungrouped, matches: matches)
    }

    private func group(_ value: PropertyListValue, at path: String) throws(SetupError) -> SetupData.GroupEntry {
        let object = try dictionary(value, at: path, allowed: ["name", "teams", "officialOrder"])
        let teams = try array(object, "teams", at: path).enumerated().map { (index, item) throws(SetupError) in
            try team(item, at: "\(path).teams[\(index)]")
        }
        var officialOrder: [String]?
        if object["officialOrder"] != nil {
            officialOrder = try array(object, "officialOrder", at: path).enumerated().map { (index, item) throws(SetupError) in
                guard case .string(let code) = item else {
                    throw fail("\(path).officialOrder[\(index)]", "expected a team code, found \(describe(item))")
                }
                return code
            }
        }
        return SetupData.GroupEntry(name: try required(object, "name", at: path), teams: teams, officialOrder: officialOrder)
    }

    private func team(_ value: PropertyListValue, at path: String) throws(SetupError) -> SetupData.TeamEntry {
        let object = try dictionary(
            value, at: path, allowed: ["name", "englishName", "code", "drawSlot", "aliases", "ranking", "coach", "players"])
        var coach: SetupData.CoachEntry?
        if let value = object["coach"] {
            let coachPath = "\(path).coach"
            let coachObject = try dictionary(value, at: coachPath, allowed: ["givenname", "name"])
            coach = SetupData.CoachEntry(
                givenname: try string(coachObject, "givenname", at: coachPath),
                name: try required(coachObject, "name", at: coachPath))
        }
        let players = try array(object, "players", at: path).enumerated().map { (index, item) throws(SetupError) in
            try player(item, at: "\(path).players[\(index)]")
        }
        let aliases = try array(object, "aliases", at: path).enumerated().map { (index, item) throws(SetupError) in
            guard case .string(let alias) = item else {
                throw fail("\(path).aliases[\(index)]", "expected a name, found \(describe(item))")
            }
            return alias
        }
        return SetupData.TeamEntry(
            name: try required(object, "name", at: path),
            englishName: try string(object, "englishName", at: path),
            code: try required(object, "code", at: path),
            coach: coach, players: players,
            ranking: try number(object, "ranking", in: 1...999, at: path),
            aliases: aliases, drawSlot: try string(object, "drawSlot", at: path))
    }

    private func player(_ value: PropertyListValue, at path: String) throws(SetupError) -> SetupData.PlayerEntry {
        let object = try dictionary(value, at: path, allowed: ["number", "givenname", "name", "position", "club", "born"])
        return SetupData.PlayerEntry(
            number: try requiredNumber(object, "number", in: TournamentRules.shirtNumbers, at: path),
            givenname: try string(object, "givenname", at: path),
            name: try required(object, "name", at: path),
            position: try required(object, "position", at: path),
            club: try string(object, "club", at: path),
            born: try string(object, "born", at: path))
    }

    private func match(_ value: PropertyListValue, at path: String) throws(SetupError) -> SetupData.MatchEntry {
        let object = try dictionary(
            value, at: path,
            allowed: [
                "home", "away", "kickoff", "timeZone", "venue", "city", "round", "homeSlot", "awaySlot", "group",
                "homeGoals", "awayGoals", "afterExtraTime", "homePenalties", "awayPenalties", "goals", "cards",
                "lotsWinner", "replay", "homeFullTimeGoals", "awayFullTimeGoals", "homeHalfTimeGoals", "awayHalfTimeGoals",
                "notes", "appearances", "penaltyKicks",
            ])
        let timeZone = try string(object, "timeZone", at: path)
        var kickoff: Date?
        var kickoffTimeKnown = true
        var offset = 0
        if let kickoffText = try string(object, "kickoff", at: path) {
            if let (instant, seconds) = KickoffFormat.quickParse(kickoffText) {
                (kickoff, offset) = (instant, seconds)
            } else if let day = CalendarDay.parse(kickoffText), let zone = timeZone.flatMap(TournamentRules.timeZone) {
                kickoff = CalendarDay.date(year: day.year, month: day.month, day: day.day, in: zone)
                kickoffTimeKnown = false
            }
            guard kickoff != nil else {
                throw fail(
                    "\(path).kickoff",
                    "expected an ISO 8601 date and time with offset such as \"2012-06-08T18:00:00+02:00\", or a day (YYYY-MM-DD) with a timeZone, found \(quoted(kickoffText))"
                )
            }
        }
        var goalEntries: [SetupData.GoalEntry] = []
        if object["goals"] != nil {
            goalEntries = try array(object, "goals", at: path).enumerated().map { (index, item) throws(SetupError) in
                try goal(item, at: "\(path).goals[\(index)]")
            }
        }
        var cardEntries: [SetupData.CardEntry] = []
        if object["cards"] != nil {
            cardEntries = try array(object, "cards", at: path).enumerated().map { (index, item) throws(SetupError) in
                try card(item, at: "\(path).cards[\(index)]")
            }
        }
        let appearances = try array(object, "appearances", at: path).enumerated().map { (index, item) throws(SetupError) in
            try appearance(item, at: "\(path).appearances[\(index)]")
        }
        let kicks = try array(object, "penaltyKicks", at: path).enumerated().map { (index, item) throws(SetupError) in
            try penaltyKick(item, at: "\(path).penaltyKicks[\(index)]")
        }
        return SetupData.MatchEntry(
            home: try optionalName(object, "home", at: path),
            away: try optionalName(object, "away", at: path),
            kickoff: kickoff,
            kickoffTimeKnown: kickoffTimeKnown,
            timeZone: timeZone ?? TimeZone(secondsFromGMT: offset)!.identifier,
            venue: try optionalName(object, "venue", at: path),
            city: try optionalName(object, "city", at: path),
            round: try required(object, "round", at: path),
            group: try string(object, "group", at: path),
            homeGoals: try goals(object, "homeGoals", at: path),
            awayGoals: try goals(object, "awayGoals", at: path),
            afterExtraTime: try flag(object, "afterExtraTime", at: path),
            homePenalties: try goals(object, "homePenalties", at: path),
            awayPenalties: try goals(object, "awayPenalties", at: path),
            homeSlot: try optionalName(object, "homeSlot", at: path),
            awaySlot: try optionalName(object, "awaySlot", at: path),
            goals: goalEntries, cards: cardEntries,
            lotsWinner: try string(object, "lotsWinner", at: path),
            replay: try flag(object, "replay", at: path),
            homeFullTimeGoals: try goals(object, "homeFullTimeGoals", at: path),
            awayFullTimeGoals: try goals(object, "awayFullTimeGoals", at: path),
            homeHalfTimeGoals: try goals(object, "homeHalfTimeGoals", at: path),
            awayHalfTimeGoals: try goals(object, "awayHalfTimeGoals", at: path),
            notes: try string(object, "notes", at: path), appearances: appearances, penaltyKicks: kicks)
    }

    private func appearance(_ value: PropertyListValue, at path: String) throws(SetupError) -> SetupData.AppearanceEntry {
        let object = try dictionary(
            value, at: path,
            allowed: ["team", "player", "playerName", "line", "captain", "replaces", "minute", "addedMinute"])
        let (player, name) = try person(object, at: path)
        return SetupData.AppearanceEntry(
            team: try required(object, "team", at: path), player: player, playerName: name,
            formationLine: try number(object, "line", in: 1...9, at: path),
            captain: try flag(object, "captain", at: path),
            replaces: try number(object, "replaces", in: 0...999, at: path),
            minute: try number(object, "minute", in: Tournament.eventMinutes, at: path),
            addedMinute: try number(object, "addedMinute", in: 1...30, at: path))
    }

    private func penaltyKick(_ value: PropertyListValue, at path: String) throws(SetupError) -> SetupData.PenaltyKickEntry {
        let object = try dictionary(value, at: path, allowed: ["team", "player", "playerName", "scored", "note"])
        let (player, name) = try person(object, at: path)
        return SetupData.PenaltyKickEntry(
            team: try required(object, "team", at: path), player: player, playerName: name,
            scored: try flag(object, "scored", at: path), note: try optionalName(object, "note", at: path))
    }

    /// A player given by shirt number (`player`) or by name (`playerName`), one of them.
    private func person(_ object: PropertyListValue, at path: String) throws(SetupError) -> (Int?, String?) {
        switch (object["player"], object["playerName"]) {
        case (_?, _?): throw fail("\(path).playerName", "give the player's shirt number or his name, not both")
        case (nil, nil): throw fail("\(path).player", "missing; give the player's shirt number or his name (playerName)")
        case (_?, nil): return (try requiredNumber(object, "player", in: TournamentRules.shirtNumbers, at: path), nil)
        case (nil, _?): return (nil, try required(object, "playerName", at: path))
        }
    }

    private func goal(_ value: PropertyListValue, at path: String) throws(SetupError) -> SetupData.GoalEntry {
        let object = try dictionary(
            value, at: path, allowed: ["team", "player", "scorer", "minute", "addedMinute", "penalty", "ownGoal"])
        var player: Int?
        var scorer: String?
        switch (object["player"], object["scorer"]) {
        case (_?, _?): throw fail("\(path).scorer", "a goal names its scorer by shirt number or by name, not both")
        case (nil, nil): throw fail("\(path).player", "missing; give the scorer's shirt number or name (scorer)")
        case (_?, nil): player = try requiredNumber(object, "player", in: TournamentRules.shirtNumbers, at: path)
        case (nil, _?): scorer = try required(object, "scorer", at: path)
        }
        return SetupData.GoalEntry(
            team: try required(object, "team", at: path),
            player: player, scorerName: scorer,
            minute: try requiredNumber(object, "minute", in: Tournament.eventMinutes, at: path),
            addedMinute: try number(object, "addedMinute", in: 1...30, at: path),
            penalty: try flag(object, "penalty", at: path),
            ownGoal: try flag(object, "ownGoal", at: path))
    }

    private func card(_ value: PropertyListValue, at path: String) throws(SetupError) -> SetupData.CardEntry {
        let object = try dictionary(
            value, at: path, allowed: ["team", "player", "playerName", "official", "kind", "minute", "addedMinute"])
        let holder: CardHolder
        switch (object["player"], object["playerName"], object["official"]) {
        case (nil, nil, nil): throw fail("\(path).player", "missing; give a player's shirt number or an official's name")
        case (_?, nil, nil):
            holder = .player(number: try requiredNumber(object, "player", in: TournamentRules.shirtNumbers, at: path))
        case (nil, _?, nil): holder = .namedPlayer(name: try required(object, "playerName", at: path))
        case (nil, nil, _?): holder = .official(name: try required(object, "official", at: path))
        default: throw fail("\(path).official", "a card is shown to a player or to an official, not both")
        }
        let kindText: String = try required(object, "kind", at: path)
        guard let kind = CardKind(rawValue: kindText) else {
            throw fail(
                "\(path).kind",
                "expected one of \(CardKind.allCases.map(\.rawValue).joined(separator: ", ")), found \(quoted(kindText))")
        }
        return SetupData.CardEntry(
            team: try required(object, "team", at: path), holder: holder, kind: kind,
            minute: try number(object, "minute", in: Tournament.eventMinutes, at: path),
            addedMinute: try number(object, "addedMinute", in: 1...30, at: path))
    }

    // MARK: Typed access

    private func dictionary(
        _ value: PropertyListValue, at path: String, allowed: [String]
    ) throws(SetupError) -> PropertyListValue {
        guard case .dictionary(let entries) = value else {
            throw fail(path, "expected a dictionary, found \(describe(value))")
        }
        if let unknown = entries.lazy.map(\.key).filter({ !allowed.contains($0) }).min() {
            throw fail(join(path, unknown), "unknown key; expected one of \(allowed.joined(separator: ", "))")
        }
        return value
    }

    /// The array under `key`, taken out of `object` (a dictionary): the caller owns its items
    /// alone and can free each once read.
    private func taking(
        _ object: inout PropertyListValue, _ key: String, at path: String
    ) throws(SetupError) -> [PropertyListValue] {
        let items = try array(object, key, at: path)
        guard case .dictionary(var entries) = object else { return items }
        object = .dictionary([])
        entries.removeAll { $0.key == key }
        object = .dictionary(entries)
        return items
    }

    /// The array under `key`; none for a missing key, as every array of a setup is optional.
    private func array(_ object: PropertyListValue, _ key: String, at path: String) throws(SetupError) -> [PropertyListValue] {
        guard let value = object[key] else { return [] }
        guard case .array(let items) = value else {
            throw fail(join(path, key), "expected an array, found \(describe(value))")
        }
        return items
    }

    private func string(_ object: PropertyListValue, _ key: String, at path: String) throws(SetupError) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let string) = value else {
            throw fail(join(path, key), "expected a string, found \(describe(value))")
        }
        return string
    }

    private func required(_ object: PropertyListValue, _ key: String, at path: String) throws(SetupError) -> String {
        guard let string = try string(object, key, at: path) else { throw fail(join(path, key), "missing required key") }
        guard !SetupData.isBlank(string) else { throw fail(join(path, key), "must not be empty") }
        return string
    }

    /// A string that may be absent but, when given, is not empty.
    private func optionalName(_ object: PropertyListValue, _ key: String, at path: String) throws(SetupError) -> String? {
        guard object[key] != nil else { return nil }
        return try required(object, key, at: path)
    }

    private func goals(_ object: PropertyListValue, _ key: String, at path: String) throws(SetupError) -> Int? {
        try number(object, key, in: 0...99, at: path)
    }

    /// An integer in `range` that may be absent.
    private func number(
        _ object: PropertyListValue, _ key: String, in range: ClosedRange<Int>, at path: String
    ) throws(SetupError) -> Int? {
        guard let value = object[key] else { return nil }
        guard let number = integer(value), range.contains(number) else {
            throw fail(
                join(path, key), "expected an integer from \(range.lowerBound) to \(range.upperBound), found \(describe(value))")
        }
        return number
    }

    private func requiredNumber(
        _ object: PropertyListValue, _ key: String, in range: ClosedRange<Int>, at path: String
    ) throws(SetupError) -> Int {
        guard let number = try number(object, key, in: range, at: path) else {
            throw fail(join(path, key), "missing required key")
        }
        return number
    }

    /// A boolean that is `false` when absent.
    private func flag(_ object: PropertyListValue, _ key: String, at path: String) throws(SetupError) -> Bool {
        guard let value = object[key] else { return false }
        guard let flag = boolean(value) else { throw fail(join(path, key), "expected a boolean, found \(describe(value))") }
        return flag
    }

    /// An `<integer>`.
    private func integer(_ value: PropertyListValue) -> Int? {
        guard case .integer(let integer) = value else { return nil }
        return integer
    }

    /// A `<true/>` or `<false/>`.
    private func boolean(_ value: PropertyListValue) -> Bool? {
        guard case .boolean(let boolean) = value else { return nil }
        return boolean
    }

    private func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The offending value, quoted if text, else named by its kind.
    private func describe(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let string): quoted(string)
        case .boolean(let boolean): "the boolean \(boolean)"
        case .integer(let integer): "the integer \(integer)"
        case .real(let real): "the number \(real)"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .date(let date): "the date \(KickoffFormat.string(from: date, in: TimeZone(secondsFromGMT: 0)!))"
        case .data: "data"
        }
    }
}
