import ArgumentParser
import EMPlanner

extension CardKind: ExpressibleByArgument {
    /// `yellow`, `second-yellow` or `red`, in any case.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "yellow": self = .yellow
        case "second-yellow": self = .secondYellow
        case "red": self = .red
        default: return nil
        }
    }

    /// How the command line writes the kinds.
    public static var allValueStrings: [String] { ["yellow", "second-yellow", "red"] }
}
