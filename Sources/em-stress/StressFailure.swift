/// Why the suite could not even start stressing em: em does not run, a store cannot be made,
/// the setup cannot be read.
///
/// em-stress exits with status 2.
struct StressFailure: Error, CustomStringConvertible {
    /// What failed.
    let description: String
}
