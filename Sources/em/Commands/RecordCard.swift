import ArgumentParser
import EMPlanner

/// `em card MATCH TEAM (NUMBER | --official NAME) KIND [MINUTE]`: records or removes a card.
struct RecordCard: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Record or remove a card of a match.",
        usage: """
            em card <match> <team> <number> <kind> [<minute>] [<options>]
              em card <match> <team> --official <name> <kind> [<minute>] [<options>]
            """,
        discussion: """
            MATCH is the id the schedule shows, or HOME-AWAY. The card goes to the player \
            wearing NUMBER in TEAM's squad, or with --official to a team official (coach, \
            assistant) by name. KIND is yellow, second-yellow or red; MINUTE (1 to 130) may \
            be left out. Record the result first: like goals, cards belong to a match that \
            has been played. Per person and match: one yellow, then a second yellow (which needs \
            the yellow) or a red; nothing after a sending-off. A yellow followed by a direct \
            red is the two cards. Someone suspended for the match cannot be booked in it (see \
            em suspensions). Cards of the group stage count as disciplinary points in the \
            standings.

            Examples:
              em result POL-GRE 1:1
              em result GRE-CZE 1:2
              em card POL-GRE GRE 15 yellow 35
              em card POL-GRE GRE 15 second-yellow 44
              em card POL-GRE POL 1 red 68
              em card 9 CZE --official 'Michal Bílek' yellow
              em card POL-GRE GRE 15 second-yellow --remove
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The match: its id or `HOME-AWAY`.
    @Argument(help: ArgumentHelp("The match: its id, or HOME-AWAY.", valueName: "match"))
    var match: String

    /// The booked person's team.
    @Argument(help: ArgumentHelp("The team: German name, English name or FIFA code.", valueName: "team"))
    var team: String

    /// The player's number (unless --official), the kind and the minute.
    @Argument(
        help: ArgumentHelp(
            "The player's shirt number (not with --official), the kind (yellow, second-yellow, red) and the minute (optional).",
            valueName: "number kind minute"))
    var details: [String] = []

    /// The official's name.
    @Option(help: ArgumentHelp("A team official's name, instead of a player's number.", valueName: "name"))
    var official: String?

    /// Whether to remove the card instead.
    @Flag(help: "Remove this card (the person's card of this kind) instead.")
    var remove = false

    /// The card as the arguments describe it.
    private struct Details {
        var holder: CardHolder
        var kind: CardKind
        var minute: Int?
    }

    private var parsed: Details {
        get throws {
            var words = details[...]
            let holder: CardHolder
            if let official {
                holder = .official(name: official)
            } else {
                guard let first = words.popFirst() else {
                    throw ValidationError("Missing the player's shirt number, or --official NAME")
                }
                guard let number = Int(first) else { throw ValidationError("The shirt number '\(first)' is not a whole number") }
                holder = .player(number: number)
            }
            guard let kindWord = words.popFirst() else { throw ValidationError("Missing the kind: yellow, second-yellow or red") }
            guard let kind = CardKind(argument: kindWord) else {
                throw ValidationError("Unknown kind '\(kindWord)': expected yellow, second-yellow or red")
            }
            var minute: Int?
            if let minuteWord = words.popFirst() {
                guard let value = Int(minuteWord) else {
                    throw ValidationError("The minute '\(minuteWord)' is not a whole number")
                }
                minute = value
            }
            if let extra = words.first { throw ValidationError("Unexpected argument '\(extra)'") }
            if remove, minute != nil {
                throw ValidationError("--remove takes no minute: a person has one card of each kind per match")
            }
            return Details(holder: holder, kind: kind, minute: minute)
        }
    }

    func validate() throws {
        _ = try parsed
    }

    func run(in session: Session) throws {
        let tournament = session.tournament
        let card = try parsed
        if remove {
            let removed = try tournament.results.removeCard(match: match, team: team, holder: card.holder, kind: card.kind)
            session.report("removed", removed.label)
            session.report(removed.bracket)
        } else {
            let recorded = try tournament.results.recordCard(
                match: match, team: team, holder: card.holder, kind: card.kind, minute: card.minute)
            session.report("recorded", recorded.label)
            session.report(recorded.bracket)
        }
    }
}

extension RecordCard: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.match = $1 },
            .argument { $0.team = $1 },
            .arguments { $0.details = $1 },
            .option("official") { $0.official = $1 },
            .flag("remove") { $0.remove = $1 },
        ])
    }
}
