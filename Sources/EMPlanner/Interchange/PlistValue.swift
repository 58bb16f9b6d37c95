/// A property list value with ordered dictionary keys.
indirect enum PlistValue {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([PlistValue])
    case dictionary([(String, PlistValue)])
}

extension PlistValue {
    /// The key path, below `path`, of the first string in the value that holds a control
    /// character; line feeds are allowed in a match's notes (`multiline`).
    func firstTextWithControlCharacter(at path: String, multiline: Bool = false) -> String? {
        switch self {
        case .string(let string): TournamentRules.hasControlCharacter(string, multiline: multiline) ? path : nil
        case .integer, .boolean: nil
        case .array(let items):
            items.indices.lazy.compactMap { items[$0].firstTextWithControlCharacter(at: "\(path)[\($0)]") }.first
        case .dictionary(let entries):
            entries.lazy.compactMap { key, value in
                value.firstTextWithControlCharacter(at: path.isEmpty ? key : "\(path).\(key)", multiline: key == "notes")
            }.first
        }
    }
}
