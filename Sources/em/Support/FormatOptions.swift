import ArgumentParser

/// How data is printed.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    /// Aligned columns, for people.
    case table
    /// A pretty-printed JSON array of objects with keys in column order, for scripts.
    case json
    /// RFC 4180 comma-separated values with a header row, for spreadsheets and scripts.
    case csv
}

/// `--format table|json|csv`, shared by every command that prints data.
struct FormatOptions: ParsableArguments {
    /// The format given; `nil` for the default, which ``chosenFormat`` applies. (An option
    /// declared with a default would leave every line to swift-argument-parser, see
    /// ``ScriptSyntax``.)
    @Option(help: "How to print the data; default: table.")
    var format: OutputFormat?

    /// The chosen format: `--format`, else a table.
    var chosenFormat: OutputFormat { format ?? .table }
}
