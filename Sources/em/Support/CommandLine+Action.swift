import Foundation

extension CommandLine {
    /// The command line as the store's history records what saved: `em` and the arguments,
    /// those a shell would split quoted, the password of a server URL left out.
    static var action: String {
        (["em"] + arguments.dropFirst().map { quoted(withoutPassword($0)) }).joined(separator: " ")
    }

    /// `argument` with the password of a URL's `user:password@` replaced by `***`.
    private static func withoutPassword(_ argument: String) -> String {
        guard let scheme = argument.range(of: "://"), let at = argument[scheme.upperBound...].firstIndex(of: "@"),
            let colon = argument[scheme.upperBound..<at].firstIndex(of: ":")
        else { return argument }
        return argument[..<argument.index(after: colon)] + "***" + argument[at...]
    }

    /// `argument` as a POSIX shell reads it back: as it is when it holds only safe characters,
    /// else in single quotes.
    private static func quoted(_ argument: String) -> String {
        let safe = argument.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "-_./:=@,+%^".unicodeScalars.contains($0)
        }
        if safe, !argument.isEmpty { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
