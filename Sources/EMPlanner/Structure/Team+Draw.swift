extension Team {
    /// Whether the team stands for a slot of the draw not drawn yet: its code is its
    /// ``drawSlot`` (`A1`), and so is its name.
    public var isAwaitingDraw: Bool { drawSlot != nil && code == drawSlot }
}
