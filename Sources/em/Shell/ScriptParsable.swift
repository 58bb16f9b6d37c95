import ArgumentParser

/// A command that a script line or a command line can make on the fast path.
///
/// The editing commands and `list` are. The syntax is read from the command's properties
/// (``ScriptSyntax``); the tests compare each such command, value by value, with
/// swift-argument-parser.
protocol ScriptParsable: ParsableArguments {}
