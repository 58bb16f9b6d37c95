import Foundation
import ObjectGraphSQLite
import SeededRandom

/// The malformed-input table: each input runs in a folder of its own, on its own store.
///
/// Expected for each: the exit status its family documents (``InputFamily``), exactly one line
/// on standard error, nothing on standard output, the store and the input file as they were
/// (a store compared by its logical dump), and no new file in the folder (the store's `-wal`
/// and `-shm` included).
struct InputPhase {
    /// The suite's context.
    let context: StressContext

    /// The whole table, in a fixed order for a seed.
    ///
    /// - Throws: ``StressFailure`` when the setup or the template cannot be read.
    func table() throws -> [MalformedInput] {
        let setupURL = URL(filePath: context.options.setup)
        guard let setup = try? Data(contentsOf: setupURL) else {
            throw StressFailure(description: "cannot read the setup \(setupURL.path) (give it with --setup)")
        }
        let template = try Data(contentsOf: context.template)
        var generator = SeededGenerator(seed: context.options.seed, stream: 3)
        return try SetupInputs.all(from: setup, generator: &generator) + PredicateInputs.all() + ArgumentInputs.all()
            + StoreFileInputs.all(template: template, generator: &generator)
    }

    /// Runs and checks the inputs until they are done or `deadline`.
    ///
    /// - Parameters:
    ///   - report: Where the counts and defects go.
    ///   - deadline: When to stop, in nanoseconds of uptime.
    func run(into report: inout StressReport, until deadline: UInt64) throws {
        let inputs = try table()
        report.inputsPlanned = inputs.count
        let context = context
        let results = Parallel.map(inputs.count, threads: context.options.jobs) { index -> (InputFamily, [Defect])? in
            guard DispatchTime.now().uptimeNanoseconds < deadline else { return nil }
            return (inputs[index].family, Self.check(inputs[index], number: index, context: context))
        }
        report.inputs = results.count
        if results.count < inputs.count {
            report.notes.append("inputs stopped by the time limit after \(results.count) of \(inputs.count)")
        }
        for family in InputFamily.allCases {
            let run = results.filter { $0.0 == family }
            let failed = run.filter { !$0.1.isEmpty }.count
            report.notes.append(
                "\(family.rawValue) inputs: \(run.count) run, \(failed) failed (expected exit \(family.expectation))")
        }
        report.add(results.flatMap(\.1))
    }

    /// Prepares one input's folder, runs em, and checks its answer.
    ///
    /// - Parameters:
    ///   - input: The input.
    ///   - number: Its row in the table.
    ///   - context: The suite's context.
    /// - Returns: The defects found; the folder is removed when there are none.
    static func check(_ input: MalformedInput, number: Int, context: StressContext) -> [Defect] {
        let label = "input #\(number) [\(input.family.rawValue)] \(input.name)"
        let folder: URL
        do {
            folder = try context.workspace.folder("inputs/\(number)")
            try prepare(input, in: folder, context: context)
        } catch {
            return [Defect(kind: .malformedInputs, message: "\(label): cannot be prepared: \(error)")]
        }
        let store = MalformedInput.store(in: folder)
        let file = MalformedInput.file(in: folder)
        // A SQLite store is compared by its contents, anything else by its bytes.
        let isStore = { () -> Bool in
            switch input.store {
            case .planner, .sqlite, .editedPlanner: true
            default: false
            }
        }()
        let storeBefore = FileState.of(store, asStore: isStore)
        let fileBefore = FileState.of(file, asStore: false)
        let namesBefore = Workspace.names(in: folder)
        let outcome = context.runner.run(input.arguments(in: folder), stdin: input.stdin)
        let repeating = "repeat: \(outcome.commandLine)"
        if let crash = outcome.crash {
            return [Defect(kind: .crashes, message: "\(label): \(crash): \(outcome.summary); \(repeating)")]
        }
        var problems: [String] = []
        if outcome.signaled || outcome.status != input.expected {
            problems.append("expected exit \(input.expected)")
        }
        if !outcome.hasOneErrorLine {
            problems.append("expected one line on standard error")
        }
        if !outcome.stdout.isEmpty {
            problems.append("expected nothing on standard output")
        }
        let storeAfter = FileState.of(store, asStore: isStore)
        if storeAfter != storeBefore {
            problems.append("expected the store unchanged, but \(storeAfter.change(from: storeBefore))")
        }
        let fileAfter = FileState.of(file, asStore: false)
        if fileAfter != fileBefore {
            problems.append("expected \(file.lastPathComponent) unchanged, but \(fileAfter.change(from: fileBefore))")
        }
        var defects: [Defect] = []
        // A refused store is left as it was found: a -wal or -shm beside it is new too.
        let inputs: Set = [store.lastPathComponent, file.lastPathComponent]
        let left = Workspace.names(in: folder).subtracting(namesBefore).subtracting(inputs).sorted()
        // What a command that wrongly succeeded wrote is part of its failure; what a failed
        // command left is a defect of its own.
        if !left.isEmpty && outcome.succeeded {
            problems.append("expected no new file, but found \(left.joined(separator: ", "))")
        } else if !left.isEmpty {
            defects.append(
                Defect(
                    kind: .leftoverFiles,
                    message: "\(label): left \(left.joined(separator: ", ")) in \(folder.path); \(repeating)"))
        }
        if !problems.isEmpty {
            defects.append(
                Defect(
                    kind: .malformedInputs,
                    message: "\(label): \(problems.joined(separator: "; ")); got \(outcome.summary); \(repeating)"))
        }
        if defects.isEmpty && !context.options.keep {
            try? FileManager.default.removeItem(at: folder)
        }
        return defects
    }

    /// Puts the input's store and file into its folder.
    ///
    /// - Parameters:
    ///   - input: The input.
    ///   - folder: Its folder.
    ///   - context: The suite's context.
    private static func prepare(_ input: MalformedInput, in folder: URL, context: StressContext) throws {
        let store = MalformedInput.store(in: folder)
        switch input.store {
        case .planner: try context.copyTemplate(to: store)
        case .absent: break
        case .bytes(let bytes): try bytes.write(to: store)
        case .sqlite(let sql): try SQLiteConnection(path: store.path).execute(sql)
        case .editedPlanner(let sql):
            try context.copyTemplate(to: store)
            try SQLiteConnection(path: store.path, create: false).execute(sql)
        case .folder: try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
        }
        let file = MalformedInput.file(in: folder)
        switch input.file {
        case .bytes(let bytes): try bytes.write(to: file)
        case .missing: break
        case .folder: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        }
    }
}
