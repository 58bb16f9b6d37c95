import ArgumentParser
import EMPlanner

/// A bundled tournament on the command line is its year: `2012`, `2024`.
extension BundledTournament: ExpressibleByArgument {}
