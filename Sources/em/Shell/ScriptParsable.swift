import ArgumentParser

/// Command-line arguments that a script line or a command line can make on the fast path (see
/// ``ScriptSyntax``): the editing commands, `list`, and their option groups.
protocol ScriptParsable: ParsableArguments {
    /// The command's options and arguments, each property once.
    static var scriptSyntax: ScriptSyntax<Self> { get }
}
