/// One defect found: its kind, and what produced it, told so that a developer can repeat it.
struct Defect: Sendable {
    /// What went wrong.
    let kind: DefectKind
    /// Which write, kill or input produced it, the command line that repeats it, and what was seen.
    let message: String
}
