/// When cards keep a player or team official out of his team's next match: the automatic
/// suspensions of the final tournament (the disciplinary body may add more; em does not know of
/// those).
///
/// - A sending-off (a direct red card, or a second yellow card in one match) suspends for the
///   team's next match.
/// - Cautions in different matches accumulate: the second, fourth, … suspends for the team's
///   next match. The two cautions of a second-yellow sending-off count only as the sending-off;
///   a caution followed by a direct red card in the same match stands and counts.
/// - Single cautions expire on completion of ``cautionsExpireAfter``; a suspension already
///   incurred is still served.
///
/// Source: UEFA EURO 2020 regulations, Art. 52.02 (b) ("suspended for the next competition match
/// after two cautions in two different matches, as well as after the fourth caution") and
/// Art. 52.05 ("single cautions from matches in the final tournament expire on completion of
/// the quarter-finals"), quoted by UEFA.com, 29 June 2021; the same wording in the EURO 2012
/// regulations (kiddynamitesworld.com, June 2012), after UEFA's Executive Committee moved the
/// expiry from the end of the group stage to the quarter-finals in May 2008 (quotidiano.net,
/// 20 May 2008); EURO 2016 (garyparkinsonmedia.com) and EURO 2024 (sportingnews.com,
/// sportstar.thehindu.com, June 2024) alike. The caution that stands before a direct red card
/// follows FIFA's and UEFA's disciplinary practice and is not in those texts.
public struct SuspensionRule: Hashable, Sendable {
    /// How many cautions in different matches suspend (and every multiple of it).
    public var cautionsPerSuspension: Int
    /// The round after whose completion single cautions expire; `nil` when they never do.
    public var cautionsExpireAfter: MatchStage?

    /// A rule.
    public init(cautionsPerSuspension: Int, cautionsExpireAfter: MatchStage?) {
        self.cautionsPerSuspension = cautionsPerSuspension
        self.cautionsExpireAfter = cautionsExpireAfter
    }

    /// UEFA's rule since EURO 2008: two cautions, expiring after the quarter-finals.
    public static let uefa = SuspensionRule(cautionsPerSuspension: 2, cautionsExpireAfter: .knockout(.quarterfinal))

    /// The rule of each edition, by rule set identifier.
    public static let editions: [String: SuspensionRule] = [
        "euro2012": .uefa, "euro2016": .uefa, "euro2020": .uefa, "euro2024": .uefa,
    ]

    /// The rule of the edition a rule set describes; UEFA's for one not in ``editions``.
    public static func of(_ ruleSet: RuleSet) -> SuspensionRule {
        editions[ruleSet.identifier] ?? .uefa
    }
}
