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
    ///   group its results and the cards at hand cannot decide), with the goals, cards,
    ///   line-ups and shoot-outs where the bundled Football.TXT files hold them (EURO 2024);
    ///   without them, the schedule as it stood before the first match.
    /// - Returns: A validated setup; bundled events are checked as they are seeded.
    /// - Throws: ``SetupError`` if the bundled file is broken (a build defect).
    public func setup(withResults: Bool) throws(SetupError) -> SetupData {
        let setup = try SetupData(plist: Data(plist), source: "bundled \(fileName)")
        guard withResults else { return setup.unplayed }
        guard let events = try events else { return setup }
        // The events are checked as they are seeded, as a setup's are.
        return try setup.addingEvents(of: events, source: "bundled euro\(rawValue).txt")
    }

    /// The goals, cards, line-ups and shoot-outs of the edition, as a setup read from its
    /// bundled Football.TXT files; `nil` for an edition without them (openfootball's EURO 2012
    /// has only its results).
    private var events: SetupData? {
        get throws(SetupError) {
            guard self == .euro2024 else { return nil }
            let squads = [
                PackageResources.albania_txt, PackageResources.austria_txt, PackageResources.belgium_txt,
                PackageResources.croatia_txt, PackageResources.czech_republic_txt, PackageResources.denmark_txt,
                PackageResources.england_txt, PackageResources.france_txt, PackageResources.georgia_txt,
                PackageResources.germany_txt, PackageResources.hungary_txt, PackageResources.italy_txt,
                PackageResources.netherlands_txt, PackageResources.poland_txt, PackageResources.portugal_txt,
                PackageResources.romania_txt, PackageResources.scotland_txt, PackageResources.serbia_txt,
                PackageResources.slovakia_txt, PackageResources.slovenia_txt, PackageResources.spain_txt,
                PackageResources.switzerland_txt, PackageResources.turkey_txt, PackageResources.ukraine_txt,
            ]
            do {
                return try FootballTextImport(
                    text: String(decoding: PackageResources.euro2024_txt, as: UTF8.self), file: "euro2024.txt",
                    squads: squads.map { (String(decoding: $0, as: UTF8.self), "euro2024-squads") }
                ).setup
            } catch {
                throw SetupError(source: "bundled euro2024.txt", keyPath: "", message: error.description)
            }
        }
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
