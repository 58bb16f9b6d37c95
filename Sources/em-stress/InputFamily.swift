/// The four kinds of malformed input, each with the exit status em documents for it.
enum InputFamily: String, CaseIterable, Sendable {
    /// A setup property list for `em init --setup`: missing keys, wrong types, bad values,
    /// duplicates, unknown keys, truncated or garbage bytes (65, data; 66 when the file is
    /// missing or a folder).
    case setup
    /// A `--where` predicate or `--sort` key: bad syntax, unknown keys, wrong types (65, data).
    case predicate
    /// A command line: unknown commands and options, values that do not parse (64, usage);
    /// unknown teams and matches, numbers out of range, bad dates, taken keys (65, data);
    /// an export over an existing file or into a missing folder (73).
    case argument
    /// A store file that is no planner store: random bytes, truncated, another app's SQLite
    /// database, another model, a folder (74, store); no file at all or an empty one (66).
    case store

    /// The exit statuses expected, for the report.
    var expectation: String {
        switch self {
        case .setup: "65; 66 for a missing file or a folder"
        case .predicate: "65"
        case .argument: "64 usage, 65 data, 73 export not creatable"
        case .store: "74; 66 for no file or an empty one"
        }
    }
}
