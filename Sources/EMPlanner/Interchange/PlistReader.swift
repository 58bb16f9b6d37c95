import Foundation

/// Turns the parsed property list into ``SetupData``, checking types and keys and naming the
/// key path of every culprit.
struct PlistReader {
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
            minute: try number(object, "minute", in: Results.eventMinutes, at: path),
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
            minute: try requiredNumber(object, "minute", in: Results.eventMinutes, at: path),
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
            minute: try number(object, "minute", in: Results.eventMinutes, at: path),
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
