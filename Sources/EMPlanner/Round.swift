import Foundation
import ObjectGraph

/// The rounds of a tournament, in the order they are played.
public enum Round {
    /// Every round the model knows: `group`, `round16`, `quarterfinal`, `semifinal`,
    /// `thirdPlace` (1960 to 1980), `final`.
    public static let all = ["group", "round16", "quarterfinal", "semifinal", "thirdPlace", "final"]
}
