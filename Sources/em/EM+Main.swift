import ArgumentParser
import Foundation

extension EM {
    /// Parses the command line, runs the command, and exits with its ``ExitStatus``; a failure
    /// of any kind is reported as one line on standard error (``ErrorReporter/report(_:parsedBy:at:)``).
    static func main() {
        let status: ExitStatus
        do {
            var command = try parseAsRoot()
            try command.run()
            status = .success
        } catch {
            status = ErrorReporter.report(error, parsedBy: EM.self)
        }
        Foundation.exit(status.rawValue)
    }
}
