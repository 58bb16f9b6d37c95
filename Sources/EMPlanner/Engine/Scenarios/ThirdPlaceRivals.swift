/// Where best third-placed teams go through: how the other groups' thirds stand against a
/// third with a given record, by the home/draw/away outcomes of each group's open matches, and
/// how many of them must finish behind it for it to go through.
///
/// Exact over every scoreline: under each outcome combination a group's third is somewhere
/// between its strongest and weakest record (``OutcomeScenario/thirdPlaceRecords``), with no
/// bound on the goals. A record equal to the third's on every results-based criterion leaves
/// the two to disciplinary points or a ranking, so it counts as undecided.
public struct ThirdPlaceRivals: Hashable, Sendable {
    /// How another group's third stands against the record.
    public enum Standing: String, Hashable, Sendable {
        /// It finishes behind whatever the scores.
        case behind
        /// It finishes ahead whatever the scores.
        case ahead
        /// The goals decide, or what breaks a tie the results leave.
        case undecided
    }

    /// How a group's third stands under one home/draw/away combination of its open matches.
    public struct OutcomeStanding: Hashable, Sendable {
        /// The outcome of each open match.
        public var results: [MatchOutcome]
        /// How the third stands.
        public var standing: Standing
    }

    /// Another group's third against the record.
    public struct Rival: Hashable, Sendable {
        /// The group's name.
        public var group: String
        /// The group's open matches, in the order of ``GroupScenarios/remaining``.
        public var remaining: [GroupMatch]
        /// How the group's third stands under each home/draw/away combination of
        /// ``remaining``, in the order of ``GroupScenarios/outcomes``.
        public var outcomes: [OutcomeStanding]

        /// How it stands whatever happens: behind or ahead where every combination says so,
        /// else undecided.
        public var standing: Standing {
            let standings = Set(outcomes.map(\.standing))
            return standings.count == 1 ? standings.first! : .undecided
        }

        /// The combinations under which it stands as `standing` says.
        public func results(_ standing: Standing) -> [[MatchOutcome]] {
            outcomes.filter { $0.standing == standing }.map(\.results)
        }
    }

    /// The other groups, in order.
    public var rivals: [Rival]
    /// How many of the rivals' thirds must finish behind for the record to go through.
    public var neededBehind: Int

    /// How the thirds of every group but `group` stand against a third of `group` with a
    /// record within `record`, when `qualifyingCount` thirds go through.
    ///
    /// - Parameter groups: Every group's scenarios, with ``OutcomeScenario/thirdPlaceRecords``.
    public init(record: ThirdPlaceRecords, group: String, groups: [GroupScenarios], qualifyingCount: Int) {
        rivals = groups.filter { $0.name != group }.map { other in
            Rival(
                group: other.name, remaining: other.remaining,
                outcomes: other.outcomes.map { outcome in
                    OutcomeStanding(
                        results: outcome.results,
                        standing: Self.standing(of: outcome.thirdPlaceRecords.values, against: record))
                })
        }
        neededBehind = rivals.count - (qualifyingCount - 1)
    }

    /// Whether the third of these records is below, above or possibly level with `record`.
    private static func standing(
        of records: Dictionary<String, ThirdPlaceRecords>.Values, against record: ThirdPlaceRecords
    ) -> Standing {
        guard let strongest = records.map(\.best).max(by: ThirdPlaceRecords.isBelow),
            let weakest = records.map(\.worst).min(by: ThirdPlaceRecords.isBelow)
        else { return .behind }
        if ThirdPlaceRecords.isBelow(strongest, record.worst) { return .behind }
        if ThirdPlaceRecords.isBelow(record.best, weakest) { return .ahead }
        return .undecided
    }

    /// Whether a third with the record goes through: certain when enough rivals finish behind
    /// whatever happens, impossible when too few can.
    public var qualification: Qualification {
        let behind = rivals.count { $0.standing == .behind }
        let possiblyBehind = rivals.count { $0.standing != .ahead }
        return behind >= neededBehind ? .certain : possiblyBehind < neededBehind ? .impossible : .possible
    }
}
