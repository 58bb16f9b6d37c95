/// Where a match is played, as written after `@`: `@ Stadio San Paolo, Naples` (stadium and
/// city), `@ München` (city only), `@ London (Wembley)` (city with a detail in brackets).
///
/// The text is split at its last comma: what comes before is the stadium, what comes after the
/// city. This is openfootball's order since the 1990s; the 1972–1980 files write the city
/// first (`@ Roma, Stadio Olimpico`), which this type keeps as written (stadium `Roma`,
/// city `Stadio Olimpico`).
public struct Venue: Hashable, Sendable, CustomStringConvertible {
    /// The part before the last comma, or nil if the text has no comma.
    public var stadium: String?
    /// The part after the last comma (the whole text if there is no comma), without a bracketed detail.
    public var city: String
    /// The text in brackets at the end (`Wembley` in `London (Wembley)`), or nil.
    public var detail: String?

    /// A venue of the given parts.
    public init(stadium: String? = nil, city: String, detail: String? = nil) {
        self.stadium = stadium
        self.city = city
        self.detail = detail
    }

    /// The venue as written after `@`, such as `Stadio San Paolo, Naples` or `London (Wembley)`.
    public var description: String {
        var text = ""
        if let stadium { text += stadium + ", " }
        text += city
        if let detail { text += " (\(detail))" }
        return text
    }
}
