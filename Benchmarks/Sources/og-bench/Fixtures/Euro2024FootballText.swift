import Foundation

/// The input of workload S4: openfootball's EURO 2024 in Football.TXT, `euro.txt` and its squad
/// files `squads/*.txt`, as the main package's tests keep them
/// (`Tests/TestSupport/Fixtures/openfootball/2024--germany`): 51 matches, 117 goals, 24 squads
/// of 622 players.
///
/// og-bench finds them in the source tree it was built from, as it finds the Python references
/// (``PythonReference/directory``), and only reads them.
enum Euro2024FootballText {
    /// The edition's folder, in the source tree og-bench was built from.
    static let directory = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appending(path: "Tests/TestSupport/Fixtures/openfootball/2024--germany")

    /// The path of the tournament file.
    static var file: String { directory.appending(path: "euro.txt").path }

    /// The path of the folder of squad files.
    static var squads: String { directory.appending(path: "squads").path }

    /// Why the files cannot be read; `nil` when they can.
    static var unavailable: String? {
        for path in [file, squads] where !FileManager.default.isReadableFile(atPath: path) {
            return "no \(path)"
        }
        return nil
    }
}
