/// What a workload read or wrote, folded into a few numbers: the three implementations of a
/// workload must agree on it, so that no side can win by doing less.
struct Checksum: Hashable, Codable, CustomStringConvertible {
    /// Rows or objects seen (read, written or deleted).
    var count: Int64 = 0
    /// Order-insensitive sum of the values seen.
    var sum: UInt64 = 0
    /// Order-sensitive fold of the values seen (only for workloads whose order is defined).
    var sequence: UInt64 = 0
    /// A digest of the database after a writing workload (0 for reading workloads).
    var database: UInt64 = 0

    /// Notes one player read: its number and its name.
    mutating func add(number: Int64, name: String) {
        add(number)
        add(Self.signature(of: name))
    }

    /// Notes a value; `ordered` folds it into ``sequence`` too.
    mutating func add(_ value: Int64, ordered: Bool = true) {
        count += 1
        sum &+= UInt64(bitPattern: value)
        if ordered { sequence = sequence &* 1_000_003 &+ UInt64(bitPattern: value) }
    }

    /// Notes a value whose position carries no meaning (members of a set).
    mutating func addUnordered(number: Int64) { add(number, ordered: false) }

    /// A cheap, allocation-free signature of a string: its UTF-8 length and last byte.
    static func signature(of text: String) -> Int64 {
        Int64(text.utf8.count) << 8 | Int64(text.utf8.last ?? 0)
    }

    var description: String {
        "count \(count), sum \(sum), sequence \(String(sequence, radix: 16)), database \(String(database, radix: 16))"
    }
}
