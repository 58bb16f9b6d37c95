import Foundation
import ObjectGraph

/// User text checked at the edge: names that may not be empty, texts without control characters.
enum UserText {
    /// A name as typed, without the spaces and tabs at its ends.
    ///
    /// - Throws: ``PlannerError/Kind/emptyName(field:)`` when nothing is left,
    ///   ``PlannerError/Kind/controlCharacter(field:)`` when it holds a control character.
    static func requiredName(_ text: String, field: String) throws -> String {
        guard let name = try optionalText(text, field: field) else { throw PlannerError(.emptyName(field: field)) }
        return name
    }

    /// A text as typed, without the spaces and tabs at its ends; `nil` when nothing is left.
    ///
    /// Every text the edits store passes here or through ``requiredName(_:field:)``.
    ///
    /// - Throws: ``PlannerError/Kind/controlCharacter(field:)`` when it holds a control
    ///   character.
    static func optionalText(_ text: String, field: String) throws -> String? {
        let trimmed = text.trimmingWhitespace()
        guard !TournamentRules.hasControlCharacter(trimmed) else { throw PlannerError(.controlCharacter(field: field)) }
        return trimmed.isEmpty ? nil : trimmed
    }

}
