/// What one concurrent write puts into the store, by which the store is searched for it.
enum WriteTarget: Hashable, Sendable {
    /// A new team: `em add-team --name NAME --code CODE`.
    case team(code: String, name: String)
    /// A new player: `em add-player --team TEAM --number NUMBER --name NAME --position MF`.
    case player(team: String, number: Int, name: String)
    /// A result of the suite's one contested match: `em result GER-POR HOME:AWAY`.
    case result(home: Int, away: Int)

    /// The match whose result every writer records, home team first.
    static let contestedMatch = (home: "GER", away: "POR")

    /// The em arguments that make the write, without `--store`.
    var arguments: [String] {
        switch self {
        case .team(let code, let name): ["add-team", "--name", name, "--code", code]
        case .player(let team, let number, let name):
            ["add-player", "--team", team, "--given", "Stress", "--name", name, "--number", "\(number)", "--position", "MF"]
        case .result(let home, let away):
            ["result", "\(Self.contestedMatch.home)-\(Self.contestedMatch.away)", "\(home):\(away)"]
        }
    }

    /// The write in a few words, for messages.
    var label: String {
        switch self {
        case .team(let code, let name): "team \(code) \"\(name)\""
        case .player(let team, let number, let name): "player \(team) #\(number) \(name)"
        case .result(let home, let away): "result \(Self.contestedMatch.home)-\(Self.contestedMatch.away) \(home):\(away)"
        }
    }
}
