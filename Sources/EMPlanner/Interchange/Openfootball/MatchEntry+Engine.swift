import FootballText

/// A match of a Football.TXT file as the tournament engine reads it: its stage and its
/// result.
extension MatchEntry {
    /// The match's stage: a group match when it belongs to a group, else the knockout round
    /// its round's name says (`Round of 16`, `Quarter-finals`, `Semi-finals`, `Third place
    /// play-off`, `Final`, `Final, Replay`); `nil` for a name that says none.
    var stage: MatchStage? {
        if group != nil { return .group }
        let name = round.lowercased()
        if name.contains("third") || name.contains("3rd") { return .knockout(.thirdPlace) }
        if name.contains("semi") { return .knockout(.semifinal) }
        if name.contains("quarter") { return .knockout(.quarterfinal) }
        if name.contains("16") || name.contains("sixteen") { return .knockout(.round16) }
        if name.contains("final") { return .knockout(.final) }
        return nil
    }

    /// Whether the match replays an earlier one of its round (`Final, Replay`).
    var isReplay: Bool {
        round.lowercased().contains("replay")
    }

    /// The side a note under the match says won the drawing of lots (`# Italy won on coin
    /// toss`), or `nil`.
    var lotsWinner: MatchResult.Side? {
        for comment in comments {
            let text = comment.lowercased()
            guard text.contains("coin") || text.contains("lots") || text.contains("toss") else { continue }
            if text.hasPrefix(home.lowercased()) { return .home }
            if text.hasPrefix(away.lowercased()) { return .away }
        }
        return nil
    }

    /// The result as the engine takes it, or `nil` before the match is played.
    ///
    /// A file that gives only the score after extra time (`1-1 a.e.t.`) does not say the
    /// 90 minutes' score; it was level, and no higher than either side's final goals, which
    /// is what the engine needs.
    var result: MatchResult? {
        guard let score, let final = score.final else { return nil }
        let penalties = score.penalties.map { Score($0.home, $0.away) }
        guard let extraTime = score.afterExtraTime else {
            return MatchResult(Score(final.home, final.away), penalties: penalties, wonByLots: lotsWinner)
        }
        let regular =
            score.fullTime.map { Score($0.home, $0.away) } ?? Score(min(final.home, final.away), min(final.home, final.away))
        return MatchResult(
            regular, afterExtraTime: Score(extraTime.home, extraTime.away), penalties: penalties, wonByLots: lotsWinner)
    }

    /// Whether the file names both sides of the match as slots (`Winner Group A v 3rd Group
    /// A/D/E/F`), as before the teams are known.
    var namesSlots: Bool {
        SlotLabel(footballText: home) != nil && SlotLabel(footballText: away) != nil
    }
}
