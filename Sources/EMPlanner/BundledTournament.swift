import Foundation

/// A tournament that comes with the planner, compiled into it from `Resources/`: groups, teams
/// with coach and squad, the whole schedule with venues, kick-offs and knockout slots, and the
/// real results.
public enum BundledTournament: String, CaseIterable, Sendable {
    /// UEFA EURO 2012 in Poland and Ukraine: 16 teams, 31 matches.
    case euro2012 = "2012"
    /// UEFA EURO 2024 in Germany: 24 teams, 51 matches.
    case euro2024 = "2024"

    /// The tournament as a setup.
    ///
    /// - Parameter withResults: Whether to keep the real results (and the official order of a
    ///   group its results and the cards at hand cannot decide); without them, the schedule as
    ///   it stood before the first match.
    /// - Returns: A validated setup.
    /// - Throws: ``SetupError`` if the bundled file is broken (a build defect).
    public func setup(withResults: Bool) throws(SetupError) -> SetupData {
        let setup = try SetupData(plist: Data(plist), source: "bundled \(fileName)")
        return withResults ? setup : setup.unplayed
    }

    /// The file in `Resources/`.
    public var fileName: String { "euro\(rawValue).plist" }

    private var plist: [UInt8] {
        switch self {
        case .euro2012: PackageResources.euro2012_plist
        case .euro2024: PackageResources.euro2024_plist
        }
    }
}
