import Foundation
import ObjectGraph

/// A card recorded, and what it moved in the knockout bracket.
public struct RecordedCard {
    /// The card (unsaved).
    public let card: Card
    /// The teams that moved: a card of the group stage may decide a group's order.
    public let bracket: BracketUpdate
}
