import Foundation
import ObjectGraph

/// How many players each team has (``Lookup/squadSizes()``).
struct SquadSizes {
    let counts: [KeyPathValue: Int]

    /// The number of players of `team`; 0 for a team without players.
    subscript(team: Team) -> Int { counts[.object(team.objectID)] ?? 0 }
}
