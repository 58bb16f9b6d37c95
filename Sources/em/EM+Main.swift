import ArgumentParser
import EMPlanner
import Foundation

extension EM {
    /// Parses the command line, runs the command, and exits with its ``ExitStatus``; a failure
    /// of any kind is reported as one line on standard error (``ErrorReporter/report(_:parsedBy:at:)``).
    ///
    /// The command line takes the fast path of script lines (``ScriptCommands``) when it can;
    /// swift-argument-parser parses the rest, and words every usage error.
    static func main() {
        let status: ExitStatus
        // Every save of this process is recorded in the store's history as made by this
        // command line.
        Tournament.signature = ChangeSignature(action: CommandLine.action)
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            var command = try ScriptCommands(EM.self).parse(arguments)
            try command.run()
            status = .success
        } catch {
            status = ErrorReporter.report(error, parsedBy: EM.self)
        }
        Foundation.exit(status.rawValue)
    }
}
