import Foundation

extension StringProtocol {
    /// The text without the spaces and tabs at its ends, as
    /// `trimmingCharacters(in: .whitespaces)` gives it, at a small part of its cost when there
    /// is nothing to trim: the planner trims every name, code and reference a user types.
    func trimmingWhitespace() -> String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return "" }
        guard Self.isWhitespace(first) || Self.isWhitespace(last) else { return String(self) }
        return trimmingCharacters(in: .whitespaces)
    }

    /// Whether `scalar` is in `CharacterSet.whitespaces` (a space separator or a tab).
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || scalar == "\t" : CharacterSet.whitespaces.contains(scalar)
    }
}
