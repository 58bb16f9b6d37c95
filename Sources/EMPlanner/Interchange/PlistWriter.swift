import Foundation

/// Writes XML property lists indented with tabs, as Xcode does.
struct PlistWriter {
    var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    mutating func write(_ root: PlistValue) {
        write(root, depth: 0)
        text += "</plist>\n"
    }

    private mutating func write(_ value: PlistValue, depth: Int) {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .string(let string): text += "\(indent)<string>\(Self.escaped(string))</string>\n"
        case .integer(let integer): text += "\(indent)<integer>\(integer)</integer>\n"
        case .boolean(let boolean): text += "\(indent)<\(boolean)/>\n"
        case .array(let items):
            guard !items.isEmpty else {
                text += "\(indent)<array/>\n"
                return
            }
            text += "\(indent)<array>\n"
            for item in items { write(item, depth: depth + 1) }
            text += "\(indent)</array>\n"
        case .dictionary(let entries):
            text += "\(indent)<dict>\n"
            for (key, item) in entries {
                text += "\(indent)\t<key>\(Self.escaped(key))</key>\n"
                write(item, depth: depth + 1)
            }
            text += "\(indent)</dict>\n"
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
