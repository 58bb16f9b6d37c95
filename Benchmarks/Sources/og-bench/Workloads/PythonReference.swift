import Foundation

/// The reference programs of the scripting, seeding and import workloads (S1 to S4).
///
/// They are Python scripts in `Benchmarks/Reference` that do em's work with the standard
/// library alone, run by the system's `python3`, and stand in the raw C column.
enum PythonReference {
    /// The folder of the scripts, in the source tree og-bench was built from.
    static let directory = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Reference")

    /// The interpreter, if there is one: the system's, `/usr/bin/python3`, which links the
    /// system's libsqlite3 as em does, else the first `python3` in `$PATH`. (The system's comes
    /// first: a version manager's `python3` in `$PATH`, pyenv's say, is a shell script that
    /// adds its own start-up to every run.)
    static let interpreter =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        ? "/usr/bin/python3" : ChildProcess.executable(named: "python3")

    /// The path of a script of ``directory``.
    static func script(_ name: String) -> String { directory.appending(path: name).path }

    /// Why the workloads comparing `em` with the script `name` cannot run; `nil` when they can.
    static func unavailable(em: String, script name: String) -> String? {
        if !FileManager.default.isExecutableFile(atPath: em) {
            return "no em in \(URL(filePath: em).deletingLastPathComponent().path) (make bench builds it)"
        }
        if interpreter == nil { return "no /usr/bin/python3 nor python3 in $PATH (make bench installs it)" }
        if !FileManager.default.fileExists(atPath: script(name)) { return "no \(script(name))" }
        return nil
    }
}
