import Foundation
import Testing

/// A EURO tournament's real teams, groups and results, from the fixture files `euro2012.json`
/// and `euro2024.json`.
///
/// The planner's tests turn it into the engine's inputs; the command line's tests enter its
/// results through `em result`.
public struct EuroFixture: Decodable, Sendable {
    /// A team: its English name, FIFA code and group.
    public struct Team: Decodable, Sendable {
        /// The team's English name, as the matches name it.
        public var name: String
        /// The team's FIFA code.
        public var code: String
        /// The name of the team's group.
        public var group: String
    }

    /// The goals of both sides: a score, or a penalty shoot-out's result.
    public struct Goals: Decodable, Sendable {
        /// The home side's goals.
        public var home: Int
        /// The away side's goals.
        public var away: Int
    }

    /// A match and its result.
    public struct Match: Decodable, Sendable {
        /// The round as UEFA names it, `Group stage` for a group match.
        public var round: String
        /// The group of a group match, `nil` for a knockout match.
        public var group: String?
        /// The home team's English name.
        public var home: String
        /// The away team's English name.
        public var away: String
        /// The home side's goals at the end (after extra time, if played).
        public var homeGoals: Int
        /// The away side's goals at the end (after extra time, if played).
        public var awayGoals: Int
        /// Whether the match went to extra time.
        public var extraTime: Bool?
        /// The score after 90 minutes of a match that went to extra time.
        public var score90: Goals?
        /// The penalty shoot-out's result, if there was one.
        public var penalties: Goals?
        /// The winner's English name.
        public var winner: String?
        /// The match's number, as UEFA numbered the matches.
        public var matchNumber: Int
        /// The matchday of a group match.
        public var matchday: Int?
        /// The bracket slots the teams of a knockout match came from (`1A`, `3D/E/F`, …).
        public var bracketSlots: [String]?
    }

    /// The teams.
    public var teams: [Team]
    /// Each group's teams by English name, by group name.
    public var groups: [String: [String]]
    /// The matches, with their results.
    public var matches: [Match]

    /// The fixture of a year's EURO: 2012 or 2024.
    public static func load(_ year: Int) throws -> EuroFixture {
        let url = try #require(
            Bundle.module.url(forResource: "euro\(year)", withExtension: "json", subdirectory: "Fixtures"),
            "fixture euro\(year).json")
        return try JSONDecoder().decode(EuroFixture.self, from: Data(contentsOf: url))
    }

    /// The FIFA code of a team's English name.
    public func code(_ name: String) throws -> String {
        try #require(teams.first { $0.name == name }?.code, "no team \(name)")
    }

    /// The knockout matches.
    public var knockoutMatches: [Match] { matches.filter { $0.group == nil } }
}
