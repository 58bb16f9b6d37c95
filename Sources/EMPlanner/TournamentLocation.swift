import Foundation

/// Where a tournament is kept: a store file, or memory.
public enum TournamentLocation: Sendable, Equatable {
    /// A store file (an ObjectGraph SQLite store), created with the planner's schema if
    /// missing or empty.
    case file(URL)
    /// Memory only; gone with the ``Tournament``.
    case memory
}
