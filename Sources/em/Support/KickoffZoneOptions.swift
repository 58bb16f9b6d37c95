import ArgumentParser
import EMPlanner
import Foundation

/// `--tz ZONE`: the time zone kick-offs are shown in, shared by the commands that show them.
///
/// Without `--tz`, a non-empty `$TZ` chooses the zone; without either, each match shows its
/// venue's local time, as the tournament publishes its schedule.
struct KickoffZoneOptions: ParsableArguments {
    /// The zone as given on the command line.
    @Option(
        name: .customLong("tz"),
        help: ArgumentHelp(
            "Show kick-offs in this time zone.",
            discussion:
                "An IANA name (America/New_York, Asia/Tokyo), UTC, or 'venue' for each venue's local time. Default: $TZ when set, else the venue's local time.",
            valueName: "zone"))
    var name: String?

    /// Refuses a zone that is not one.
    func validate() throws {
        if let name, KickoffZone(named: name) == nil { throw ValidationError("--tz: \(Self.unknown(name))") }
    }

    /// The zone: `--tz`, else `$TZ`, else each venue's.
    ///
    /// - Parameter environment: The environment variables to consult.
    /// - Throws: `ValidationError` when `$TZ` names no zone em knows.
    func zone(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> KickoffZone {
        if let name { return KickoffZone(named: name) ?? .venue }
        guard let variable = environment["TZ"], !variable.isEmpty else { return .venue }
        guard let zone = KickoffZone(named: variable) else {
            throw ValidationError("$TZ: \(Self.unknown(variable)); or choose one with --tz")
        }
        return zone
    }

    private static func unknown(_ name: String) -> String {
        "unknown time zone \"\(name)\"; expected an IANA name such as Europe/Berlin, UTC, or 'venue'"
    }
}

extension KickoffZoneOptions: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .option("tz") { $0.name = $1 }
        ])
    }
}
