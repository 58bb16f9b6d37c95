import Foundation

/// Workload S4: a whole `em import euro.txt --squads squads --store NEW` process loading
/// openfootball's EURO 2024 with its squads (``Euro2024FootballText``), against the Python
/// reference doing the same (`Reference/import_football_text.py`, in the raw C column): the
/// script a user of openfootball's data would otherwise write.
///
/// Both sides create their store at a path where no file is, em in its layout, the reference in
/// openfootball's own. The checksum is a tally of what each loaded (``ImportTally``); a side
/// that fails stops the suite. The input is the same in every configuration: `make bench-check`
/// runs it as `make bench` does.
enum FootballTextImportRun {
    /// The workload, timing the em in `directory`.
    static func workload(programs directory: URL) -> Workload {
        let em = directory.appending(path: "em").path
        let title = "em import euro.txt --squads (EURO 2024) vs Python script"
        let script = "import_football_text.py"
        if let reason = PythonReference.unavailable(em: em, script: script) ?? Euro2024FootballText.unavailable {
            return Workload(id: "S4", title: title, kind: .pending("workload S4 skipped: \(reason)"))
        }
        let python = PythonReference.interpreter!
        let reference = PythonReference.script(script)
        let file = Euro2024FootballText.file
        let squads = Euro2024FootballText.squads
        return Workload(
            id: "S4", title: title, kind: .time(ratio: 1.0), fixture: .newFile, writes: true, sides: [.rawC, .objectGraph],
            digest: ImportTally.digest,
            onFile: [
                .rawC: { store in ChildProcess.body(python, [reference, file, squads, store]) },
                .objectGraph: { store in ChildProcess.body(em, ["import", file, "--squads", squads, "--store", store]) },
            ])
    }
}
