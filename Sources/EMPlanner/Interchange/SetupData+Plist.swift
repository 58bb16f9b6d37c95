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
///   still to be drawn (``Structure/draw(_:)``), and its name is the slot too.
/// - `ranking`: the team's place in the ranking the rule set falls back on last (1 is best).
/// - `officialOrder`: a group's final order as published, team codes first to last; it
///   decides only ties the results and cards cannot.
/// - `goals`, `cards`: a match's events. `team` is the German name of the scorer's or booked
///   person's team (for an own goal, the scorer's); `player` a shirt number of its squad;
///   `official` a team official's name; `kind` `yellow`, `secondYellow` or `red`. The rules
///   of ``Results/recordGoal(match:team:number:minute:penalty:ownGoal:)`` and
///   ``Results/recordCard(match:team:holder:kind:minute:)`` apply.
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
