/// The affinity SQLite gives a column from its declared type (https://www.sqlite.org/datatype3.html,
/// 3.1): what kind of values the column keeps as they were written.
enum ColumnAffinity: Equatable {
    case integer, text, blob, real, numeric

    /// The affinity of a declared type, by SQLite's rules in their order.
    init(declaredType: String) {
        let type = declaredType.uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.contains("BLOB") || type.isEmpty {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }

    /// Whether a column of this affinity keeps values of `type` as ObjectGraph writes them
    /// (Core Data's own declared types: `INTEGER`, `FLOAT`, `DECIMAL`, `VARCHAR`,
    /// `TIMESTAMP`, `BLOB`).
    func holds(_ type: AttributeType) -> Bool {
        switch type {
        case .integer16, .integer32, .integer64, .boolean: self == .integer || self == .numeric
        case .double, .float, .date: self == .real || self == .numeric
        case .decimal: self == .numeric || self == .text || self == .real
        case .string, .uri: self == .text
        case .binary, .transformable, .uuid: self == .blob
        case .undefined: false  // transient only: never stored
        }
    }

    /// Whether a column of this affinity keeps primary keys and entity numbers.
    static func holdsKeys(_ affinity: ColumnAffinity) -> Bool { affinity == .integer || affinity == .numeric }
}
