/// A round header (`▪ Group A`, `▪ Semi-finals`, `▪ Final, Replay`) with the matches listed
/// under it, up to the next round header.
public struct RoundSection: Hashable, Sendable {
    /// The round's name as written; empty for matches above the first round header.
    public var name: String
    /// The comments just before the header (after a blank line) and its trailing comment.
    public var comments: [String]
    /// The matches under the header, in file order; each carries `name` as its `round`.
    public var matches: [MatchEntry]

    /// A round named `name`.
    public init(name: String, comments: [String] = [], matches: [MatchEntry] = []) {
        self.name = name
        self.comments = comments
        self.matches = matches
    }
}
