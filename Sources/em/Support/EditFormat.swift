import ArgumentParser

/// How an editing command reports what it did.
enum EditFormat: String, CaseIterable, ExpressibleByArgument {
    /// A line for people: `added player GER 19 Mario Götze`.
    case text
    /// One JSON object listing the changes, each with the ids em takes back and the old and
    /// new values, for scripts.
    case json
}
