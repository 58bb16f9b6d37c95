import Foundation

/// What every phase works with: the options, the em runner, the workspace, and a store
/// seeded with EURO 2012 to copy.
struct StressContext: Sendable {
    /// The command line.
    let options: StressOptions
    /// Spawns em.
    let runner: EMRunner
    /// The suite's folder.
    let workspace: Workspace
    /// A store `em init --store` seeded with EURO 2012, which phases copy and never change.
    let template: URL
    /// The template's logical contents.
    let templateDump: StoreDump

    /// Makes the workspace and the template store.
    ///
    /// - Parameter options: The command line.
    /// - Throws: ``StressFailure`` when em cannot make or read the template store.
    init(options: StressOptions) throws {
        self.options = options
        workspace = try Workspace(in: options.work, seed: options.seed)
        let em = URL(filePath: options.em, relativeTo: URL.currentDirectory())
        runner = try EMRunner(
            executable: em.absoluteURL, home: workspace.root.appending(path: "home"), timeLimit: options.commandLimit)
        template = try workspace.folder("template").appending(path: "euro2012.sqlite")
        let made = runner.run(["init", "--store", template.path])
        guard made.succeeded else {
            throw StressFailure(description: "cannot make the template store: \(made.commandLine): \(made.summary)")
        }
        do {
            templateDump = try StoreReader(path: template.path).dump()
        } catch {
            throw StressFailure(description: "cannot read the template store \(template.path): \(error)")
        }
    }

    /// A copy of the template store at `destination`.
    ///
    /// - Parameter destination: The copy's path, which must be free.
    func copyTemplate(to destination: URL) throws {
        try Workspace.copyStore(template, to: destination)
    }
}
