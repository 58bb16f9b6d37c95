import Testing

/// The two kinds of store a behavioural test runs against: a SQLite file and memory.
public enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// A SQLite store in a file of a temporary directory.
    case sqlite
    /// A store held in memory only.
    case inMemory

    /// The kind's name in test results: `sqlite` or `inMemory`.
    public var testDescription: String { rawValue }
}
