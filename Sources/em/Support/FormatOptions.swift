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
    /// The chosen format.
    @Option(help: "How to print the data.")
    var format: OutputFormat = .table
}

extension FormatOptions: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .option("format", default: .table) { $0.format = $1 }
        ])
    }
}
