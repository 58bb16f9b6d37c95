import Foundation
import ObjectGraph

/// The rounds of a tournament, in the order they are played.
public enum Round {
    /// Every round the model knows: `group`, `round16`, `quarterfinal`, `semifinal`,
    /// `thirdPlace` (1960 to 1980), `final`.
    public static let all = ["group", "round16", "quarterfinal", "semifinal", "thirdPlace", "final"]

    /// The knockout rounds: every round but `group`.
    public static let knockout = all.filter { $0 != "group" }

    /// The round `text` names, spelled as ``all`` spells it, ignoring case and surrounding
    /// spaces (`ThirdPlace` and `thirdplace` name `thirdPlace`); `nil` for none.
    public static func named(_ text: String) -> String? {
        let folded = text.trimmingWhitespace().lowercased()
        return all.first { $0.lowercased() == folded }
    }
}
