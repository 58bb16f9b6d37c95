import Foundation

/// A small reader of iCalendar files (RFC 5545), to check what `em schedule --format ics`
/// writes: lines unfolded, properties split into name, parameters and value, text unescaped.
struct ICalendarComponent {
    /// A property: `DTSTART;VALUE=DATE:20120608` has name `DTSTART`, parameters
    /// `["VALUE": "DATE"]` and value `20120608`.
    struct Property {
        let name: String
        let parameters: [String: String]
        /// The value as written, escapes and all.
        let rawValue: String

        /// The value read as TEXT: `\\`, `\;`, `\,` and `\n` undone.
        var text: String {
            var text = ""
            var escaping = false
            for character in rawValue {
                if escaping {
                    text.append(character == "n" || character == "N" ? "\n" : character)
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else {
                    text.append(character)
                }
            }
            return text
        }

        /// The value read as a UTC DATE-TIME (`20120608T160000Z`), or `nil`.
        var utcDate: Date? {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
            return formatter.date(from: rawValue)
        }
    }

    /// What is wrong with a file.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The component's name: `VCALENDAR`, `VEVENT`.
    let name: String
    let properties: [Property]
    let components: [ICalendarComponent]

    /// The first property named `name`.
    func property(_ name: String) -> Property? {
        properties.first { $0.name == name }
    }

    /// Reads the one component `text` holds.
    ///
    /// - Throws: ``Malformed`` for a line without a colon, or unbalanced `BEGIN` and `END`.
    static func parse(_ text: String) throws -> ICalendarComponent {
        var lines = unfolded(text)[...]
        guard let first = lines.popFirst(), let begin = try property(first), begin.name == "BEGIN" else {
            throw Malformed(description: "the file does not start with BEGIN")
        }
        let component = try parse(named: begin.rawValue, from: &lines)
        guard lines.isEmpty else { throw Malformed(description: "lines after END:\(component.name)") }
        return component
    }

    private static func parse(named name: String, from lines: inout ArraySlice<String>) throws -> ICalendarComponent {
        var properties: [Property] = []
        var components: [ICalendarComponent] = []
        while let line = lines.popFirst() {
            guard let property = try property(line) else { continue }
            switch property.name {
            case "BEGIN": components.append(try parse(named: property.rawValue, from: &lines))
            case "END":
                guard property.rawValue == name else { throw Malformed(description: "END:\(property.rawValue) in \(name)") }
                return ICalendarComponent(name: name, properties: properties, components: components)
            default: properties.append(property)
            }
        }
        throw Malformed(description: "no END:\(name)")
    }

    /// The content lines of `text`: split at CRLF, each continuation (a line starting with a
    /// space or a tab) joined to the line before without its first character.
    static func unfolded(_ text: String) -> [String] {
        var lines: [String] = []
        for line in text.components(separatedBy: "\r\n") {
            if let first = line.unicodeScalars.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += String(line.unicodeScalars.dropFirst())
            } else {
                lines.append(line)
            }
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `NAME;PARAM=VALUE:value` taken apart (a colon inside a quoted parameter value does not
    /// end the name); `nil` for an empty line.
    private static func property(_ line: String) throws -> Property? {
        guard !line.isEmpty else { return nil }
        var quoted = false
        var colon: String.Index?
        for index in line.indices {
            if line[index] == "\"" { quoted.toggle() }
            if line[index] == ":", !quoted {
                colon = index
                break
            }
        }
        guard let colon else { throw Malformed(description: "no colon in \(line)") }
        let head = line[..<colon].split(separator: ";")
        var parameters: [String: String] = [:]
        for parameter in head.dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            parameters[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return Property(
            name: String(head.first ?? ""), parameters: parameters, rawValue: String(line[line.index(after: colon)...]))
    }
}
