/// A command line em-stress cannot run with; printed with the usage, exit status 64.
struct UsageError: Error, CustomStringConvertible {
    /// What is wrong with the command line.
    let description: String
}
