/// The state of one parse of a match file, line by line (see `FootballTextParser`).
struct DocumentParser {
    /// A match by its place in the document.
    private struct MatchPath {
        var round: Int
        var match: Int
    }

    /// What a date line states for the match lines under it.
    private struct Context {
        var date: CalendarDate?
        var time: TimeOfDay?
        var secondTime: ZonedTime?
        var venue: Venue?
    }

    /// Lines under a match read as one piece: a scorer list or line-up that continues on the
    /// next lines.
    private struct PendingUnit {
        enum Kind {
            case scorers
            case lineup
            case shootout
        }

        var kind: Kind
        var unit: SourceUnit
        /// For scorers: the number of `(` not yet closed.
        var depth: Int
    }

    private let fileName: String
    private let lenient: Bool
    private let lines: [SourceLine]
    /// The problems a lenient parse skipped.
    private(set) var warnings: [FootballTextWarning] = []
    /// The document read so far.
    private(set) var document = FootballTextDocument()

    private var titleYear: Int?
    private var inHeader = true
    private var pendingComments: [String] = []
    private var commentTarget: MatchPath?
    private var currentMatch: MatchPath?
    private var context = Context()
    private var pending: PendingUnit?
    private var declaredGroups: Set<String> = []

    /// A parse of `text` from the file `fileName`.
    init(text: String, fileName: String, lenient: Bool) {
        self.fileName = fileName
        self.lenient = lenient
        self.lines = SourceLine.split(text)
    }

    /// Reads all lines.
    mutating func run() throws(FootballTextError) {
        for index in lines.indices {
            let line = lines[index]
            if pending != nil, try continuePending(line, index) {
                if let comment = line.comment { addComment(comment) }
                continue
            }
            try handle(line, index)
        }
        if let unit = pending {
            pending = nil
            try finish(unit)
        }
        document.trailingComments = pendingComments
        pendingComments = []
        if let index = document.headerComments.firstIndex(where: { ZoneComment.parse($0) != nil }),
            let zone = ZoneComment.parse(document.headerComments[index])
        {
            document.headerComments.remove(at: index)
            document.zoneName = zone.name
            document.utcOffsetMinutes = zone.offsetMinutes
        }
    }

    // MARK: Lines

    /// Handles a line that continues no pending unit.
    private mutating func handle(_ line: SourceLine, _ index: Int) throws(FootballTextError) {
        guard let first = line.first else {
            if let comment = line.comment {
                addComment(comment)
            } else {
                commentTarget = nil
            }
            return
        }
        let unit = SourceUnit(line: line, lineIndex: index)
        if first == ByteClass.equals {
            try handleTitle(line, unit)
            return
        }
        if let markerLength = roundMarkerLength(line) {
            try handleRoundHeader(line, unit, markerLength: markerLength)
            return
        }
        if first == ByteClass.openParen, !startsWithMatchNumber(line) {
            inHeader = false
            let depth = parenDelta(line)
            let unit = PendingUnit(kind: .scorers, unit: unit, depth: depth)
            if depth > 0 {
                pending = unit
            } else {
                try finish(unit)
            }
        } else if let isShootout = lineupLabel(line) {
            inHeader = false
            let unit = PendingUnit(kind: isShootout ? .shootout : .lineup, unit: unit, depth: 0)
            if endsWithSeparator(line) {
                pending = unit
            } else {
                try finish(unit)
            }
        } else if line.content.contains(ByteClass.bar) {
            if datesFollowBar(unit) {
                // `Matchday 1 | Jun 10 - Jun 14` without the marker (openfootball's 2016 and 2021 files).
                try handleRoundHeader(line, unit, markerLength: 0)
                return
            }
            try handleGroup(unit)
        } else {
            try handleMatchLine(unit)
        }
        if let comment = line.comment { addComment(comment) }
    }

    /// Adds `line` to the pending unit if it continues it; tells whether it did.
    private mutating func continuePending(_ line: SourceLine, _ index: Int) throws(FootballTextError) -> Bool {
        guard var unit = pending else { return false }
        if line.isEmpty {
            if line.comment != nil { return true }
            pending = nil
            try finish(unit)
            return false
        }
        switch unit.kind {
        case .scorers:
            unit.unit.append(line: line, lineIndex: index)
            unit.depth += parenDelta(line)
            if unit.depth > 0 {
                pending = unit
            } else {
                pending = nil
                try finish(unit)
            }
            return true
        case .lineup, .shootout:
            if lineupLabel(line) != nil || roundMarkerLength(line) != nil || line.first == ByteClass.equals
                || line.first == ByteClass.openParen
            {
                pending = nil
                try finish(unit)
                return false
            }
            unit.unit.append(line: line, lineIndex: index)
            if endsWithSeparator(line) {
                pending = unit
            } else {
                pending = nil
                try finish(unit)
            }
            return true
        }
    }

    /// Reads a finished scorer list, line-up or shoot-out into the current match.
    private mutating func finish(_ unit: PendingUnit) throws(FootballTextError) {
        guard let path = currentMatch else {
            let what: String
            switch unit.kind {
            case .scorers: what = "scorer list"
            case .lineup: what = "line-up"
            case .shootout: what = "penalty shoot-out"
            }
            try report(SyntaxIssue(0, "\(what) without a match above it"), in: unit.unit)
            return
        }
        do throws(SyntaxIssue) {
            switch unit.kind {
            case .scorers:
                let score = document.rounds[path.round].matches[path.match].score?.final
                let goals = try GoalListParser.parse(unit.unit.bytes, finalScore: score)
                document.rounds[path.round].matches[path.match].goals += goals
            case .lineup:
                let lineup = try LineupParser.parse(unit.unit.bytes)
                document.rounds[path.round].matches[path.match].lineups.append(lineup)
            case .shootout:
                let kicks = try ShootoutParser.parse(unit.unit.bytes)
                document.rounds[path.round].matches[path.match].shootout += kicks
            }
        } catch {
            try report(error, in: unit.unit)
        }
    }

    private mutating func handleTitle(_ line: SourceLine, _ unit: SourceUnit) throws(FootballTextError) {
        var start = 0
        while start < unit.bytes.count, unit.bytes[start] == ByteClass.equals { start += 1 }
        let title = ByteClass.cleanText(unit.bytes, start..<unit.bytes.count)
        if title.isEmpty {
            if let comment = line.comment { addComment(comment) }
            return
        }
        guard document.title == nil else {
            try report(SyntaxIssue(0, "a second title line"), in: unit)
            return
        }
        document.title = title
        document.titleComment = line.comment
        titleYear = TitleYear.year(in: title)
    }

    private mutating func handleRoundHeader(_ line: SourceLine, _ unit: SourceUnit, markerLength: Int) throws(FootballTextError) {
        inHeader = false
        currentMatch = nil
        commentTarget = nil
        let bytes = unit.bytes
        if let bar = bytes.firstIndex(of: ByteClass.bar) {
            let name = ByteClass.cleanText(bytes, markerLength..<bar)
            guard !name.isEmpty else {
                try report(SyntaxIssue(markerLength, "expected a name before '|'"), in: unit)
                return
            }
            do throws(SyntaxIssue) {
                var c = ByteCursor(bytes, from: bar + 1)
                c.skipSpaces()
                guard let start = try DateSyntax.parseDate(&c, defaultYear: titleYear) else {
                    throw SyntaxIssue(c.position, "expected a date after '|'")
                }
                c.skipSpaces()
                var end: CalendarDate? = nil
                if c.take(ByteClass.dash) {
                    c.skipSpaces()
                    guard let last = try DateSyntax.parseDate(&c, defaultYear: titleYear) else {
                        throw SyntaxIssue(c.position, "expected a date after '-'")
                    }
                    end = last
                    c.skipSpaces()
                }
                guard c.isAtEnd else { throw SyntaxIssue(c.position, "expected ' - ' and a date or the end of the line") }
                document.matchdays.append(MatchdayDeclaration(name: name, start: start, end: end))
            } catch {
                try report(error, in: unit)
            }
            if let comment = line.comment { addComment(comment) }
            return
        }
        let name = ByteClass.cleanText(bytes, markerLength..<bytes.count)
        guard !name.isEmpty else {
            try report(SyntaxIssue(0, "expected a round name after the '▪'"), in: unit)
            return
        }
        var comments = pendingComments
        pendingComments = []
        if let comment = line.comment { comments.append(comment) }
        document.rounds.append(RoundSection(name: name, comments: comments))
        context = Context()
    }

    private mutating func handleGroup(_ unit: SourceUnit) throws(FootballTextError) {
        inHeader = false
        currentMatch = nil
        commentTarget = nil
        let bytes = unit.bytes
        guard let bar = bytes.firstIndex(of: ByteClass.bar) else { return }
        let name = ByteClass.cleanText(bytes, 0..<bar)
        guard !name.isEmpty else {
            try report(SyntaxIssue(0, "expected a group name before '|'"), in: unit)
            return
        }
        var teams: [String] = []
        var index = bar + 1
        var start = index
        while index <= bytes.count {
            let atGap =
                index == bytes.count || bytes[index] == ByteClass.tab
                || (bytes[index] == ByteClass.space && index + 1 < bytes.count && ByteClass.isSpace(bytes[index + 1]))
            if atGap || bytes[index] == ByteClass.bar {
                if index < bytes.count, bytes[index] == ByteClass.bar {
                    try report(SyntaxIssue(index, "a second '|' in the group line"), in: unit)
                    return
                }
                let team = ByteClass.cleanText(bytes, start..<index)
                if !team.isEmpty { teams.append(team) }
                while index < bytes.count, ByteClass.isSpace(bytes[index]) { index += 1 }
                start = index
                if index == bytes.count { break }
                continue
            }
            index += 1
        }
        guard !teams.isEmpty else {
            try report(SyntaxIssue(bar + 1, "expected the teams of '\(name)' after '|'"), in: unit)
            return
        }
        document.groups.append(GroupDeclaration(name: name, teams: teams))
        declaredGroups.insert(name)
    }

    private mutating func handleMatchLine(_ unit: SourceUnit) throws(FootballTextError) {
        inHeader = false
        currentMatch = nil
        commentTarget = nil
        let parsed: ParsedMatchLine
        do throws(SyntaxIssue) {
            parsed = try MatchLineParser(defaultYear: titleYear).parse(unit.bytes)
        } catch {
            try report(error, in: unit)
            return
        }
        guard let match = parsed.match else {
            if let date = parsed.date {
                context = Context(date: date, time: parsed.time, secondTime: parsed.secondTime, venue: parsed.leadingVenue)
            } else {
                if let time = parsed.time {
                    context.time = time
                    context.secondTime = parsed.secondTime
                }
                if let venue = parsed.leadingVenue { context.venue = venue }
            }
            return
        }
        if let date = parsed.date { context = Context(date: date) }
        if let time = parsed.time {
            context.time = time
            context.secondTime = parsed.secondTime
        }
        if document.rounds.isEmpty { document.rounds.append(RoundSection(name: "")) }
        let round = document.rounds.count - 1
        let name = document.rounds[round].name
        let isGroup = declaredGroups.contains(name) || name.hasPrefix("Group ")
        let entry = MatchEntry(
            round: name,
            group: isGroup ? name : nil,
            number: parsed.number,
            date: context.date,
            time: context.time,
            secondTime: context.secondTime,
            home: match.home,
            away: match.away,
            score: match.score,
            venue: match.venue ?? parsed.leadingVenue ?? context.venue,
            comments: pendingComments
        )
        pendingComments = []
        document.rounds[round].matches.append(entry)
        let path = MatchPath(round: round, match: document.rounds[round].matches.count - 1)
        currentMatch = path
        commentTarget = path
    }

    // MARK: Helpers

    /// Files a comment: in the header, under the match above, or for what comes next.
    private mutating func addComment(_ text: String) {
        if inHeader {
            document.headerComments.append(text)
        } else if let path = commentTarget {
            document.rounds[path.round].matches[path.match].comments.append(text)
        } else {
            pendingComments.append(text)
        }
    }

    /// Throws the located error for `issue`, or records it as a warning in a lenient parse.
    private mutating func report(_ issue: SyntaxIssue, in unit: SourceUnit) throws(FootballTextError) {
        let origin = unit.origin(of: issue.offset)
        let line = lines[origin.lineIndex]
        let location = FootballTextLocation(
            fileName: fileName,
            line: line.number,
            column: line.column(ofByte: origin.lineOffset),
            lineText: line.text
        )
        let error = FootballTextError(location: location, message: issue.message)
        guard lenient else { throw error }
        warnings.append(FootballTextWarning(error))
    }

    /// The byte length of the round marker (`▪` or `»`) the line starts with, or nil.
    private func roundMarkerLength(_ line: SourceLine) -> Int? {
        let bytes = line.bytes
        let start = line.contentStart
        if line.contentEnd - start >= 3, bytes[start] == 0xE2, bytes[start + 1] == 0x96, bytes[start + 2] == 0xAA {
            return 3
        }
        if line.contentEnd - start >= 2, bytes[start] == 0xC2, bytes[start + 1] == 0xBB {
            return 2
        }
        return nil
    }

    /// Whether a date follows the line's `|`, as in a matchday's declaration; never so in a group's,
    /// whose teams are not dates.
    private func datesFollowBar(_ unit: SourceUnit) -> Bool {
        guard let bar = unit.bytes.firstIndex(of: ByteClass.bar) else { return false }
        var cursor = ByteCursor(unit.bytes, from: bar + 1)
        cursor.skipSpaces()
        return (try? DateSyntax.parseDate(&cursor, defaultYear: titleYear ?? 2000)) != nil
    }

    /// Whether the line starts with a match number, `(37) `.
    private func startsWithMatchNumber(_ line: SourceLine) -> Bool {
        var index = line.contentStart + 1
        let bytes = line.bytes
        let digitsStart = index
        while index < line.contentEnd, ByteClass.isDigit(bytes[index]) { index += 1 }
        guard index > digitsStart, index < line.contentEnd, bytes[index] == ByteClass.closeParen else { return false }
        return index + 1 == line.contentEnd || ByteClass.isSpace(bytes[index + 1])
    }

    /// Whether the line starts a line-up (`Team:`) or a shoot-out (`Penalties:`): nil if it
    /// does neither, else whether it is the shoot-out.
    private func lineupLabel(_ line: SourceLine) -> Bool? {
        let bytes = line.bytes
        var index = line.contentStart
        while index < line.contentEnd {
            let byte = bytes[index]
            if byte == ByteClass.colon { break }
            if ByteClass.isDigit(byte) || byte == ByteClass.openParen || byte == ByteClass.at || byte == ByteClass.bar
                || byte == ByteClass.openBracket || byte == ByteClass.comma
            {
                return nil
            }
            index += 1
        }
        guard index < line.contentEnd, index > line.contentStart else { return nil }
        guard index + 1 == line.contentEnd || ByteClass.isSpace(bytes[index + 1]) else { return nil }
        return ByteClass.equalsLowercased(bytes, line.contentStart..<index, "penalties")
    }

    /// Whether the line's content ends with `,` or `-`, so that the line-up continues.
    private func endsWithSeparator(_ line: SourceLine) -> Bool {
        line.last == ByteClass.comma || line.last == ByteClass.dash
    }

    /// The number of `(` minus the number of `)` in the line's content.
    private func parenDelta(_ line: SourceLine) -> Int {
        var delta = 0
        for byte in line.content {
            if byte == ByteClass.openParen {
                delta += 1
            } else if byte == ByteClass.closeParen {
                delta -= 1
            }
        }
        return delta
    }
}
