import Foundation
import ObjectGraph

/// A card recorded or removed, and what it moved in the knockout bracket.
public struct RecordedCard {
    /// The card (unsaved), for the planner and its tests.
    let card: Card
    /// The card in a few words, as messages name it (`yellow card 30' SVN 2 Jaka Bijol in match 1 SVN-DEN`).
    public let label: String
    /// The teams that moved: a card of the group stage may decide a group's order.
    public let bracket: BracketUpdate
}
