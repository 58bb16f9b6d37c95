import Foundation

/// What is at a malformed input's file path (`@FILE`: a setup, or an export's target) before
/// em runs.
enum InputFile: Sendable {
    /// A file of these bytes.
    case bytes(Data)
    /// Nothing.
    case missing
    /// An empty folder.
    case folder
}
