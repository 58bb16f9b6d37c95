/// One write a concurrent writer makes, and whether other writers make a colliding one.
struct PlannedWrite: Sendable {
    /// The writer (process slot) making it, from 0.
    let worker: Int
    /// Its place in the writer's sequence, from 0.
    let index: Int
    /// What it writes.
    let target: WriteTarget
    /// The unique key this write shares with the other writers' writes at the same index
    /// ("team code QZX", "team name Kollision 4", "GER #57"), or `nil` when no other writer
    /// writes that key; a contested result is not a collision (the last one wins).
    let collision: String?
}
