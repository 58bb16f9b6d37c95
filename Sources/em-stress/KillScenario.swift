import Foundation

/// A command the kill phase interrupts with SIGKILL, on a copy of the EURO 2012 store.
enum KillScenario: CaseIterable, Sendable {
    /// `em init --force --tournament 2024`: EURO 2012 replaced by EURO 2024.
    case initForce
    /// `em shell` fed an added team, a result and `save` on standard input.
    case shellSave
    /// A one-shot `em add-team`.
    case addTeam
    /// A one-shot `em result`.
    case result
    /// `em save --to FILE.sqlite`: an exported store.
    case exportStore
    /// `em save --to FILE.plist --as plist`: an exported setup.
    case exportPlist
    /// The default store's first use: `em list teams` with `HOME` and `XDG_DATA_HOME` in a
    /// fresh folder and no `--store` or `EM_STORE`.
    case storeCreation

    /// The scenario in a few words.
    var title: String {
        switch self {
        case .initForce: "init --force 2012→2024"
        case .shellSave: "shell save"
        case .addTeam: "add-team"
        case .result: "result"
        case .exportStore: "save --to store"
        case .exportPlist: "save --to plist"
        case .storeCreation: "first use of the default store"
        }
    }

    /// Whether em starts on a copy of the EURO 2012 store (all but the first use).
    var startsFromTemplate: Bool { self != .storeCreation }

    /// The file the scenario exports to, in `folder`, if it exports.
    ///
    /// - Parameter folder: The kill's folder.
    func target(in folder: URL) -> URL? {
        switch self {
        case .exportStore: folder.appending(path: "export.sqlite")
        case .exportPlist: folder.appending(path: "export.plist")
        default: nil
        }
    }

    /// The store em works on in `folder`: `store.sqlite`, or for the first use the default
    /// store under `XDG_DATA_HOME`.
    ///
    /// - Parameter folder: The kill's folder.
    func store(in folder: URL) -> URL {
        self == .storeCreation ? folder.appending(path: "home/xdg/em/em.sqlite") : folder.appending(path: "store.sqlite")
    }

    /// The environment variables em runs with in `folder`.
    ///
    /// - Parameter folder: The kill's folder.
    func variables(in folder: URL) -> [String: String] {
        guard self == .storeCreation else { return [:] }
        let home = folder.appending(path: "home")
        return ["HOME": home.path, "XDG_DATA_HOME": home.appending(path: "xdg").path]
    }

    /// The arguments after `em`, for a run in `folder`.
    ///
    /// - Parameter folder: The kill's folder.
    func arguments(in folder: URL) -> [String] {
        let store = ["--store", store(in: folder).path]
        return switch self {
        case .initForce: ["init", "--force", "--tournament", "2024"] + store
        case .shellSave: ["shell"] + store
        case .addTeam: ["add-team", "--name", "Österreich", "--english", "Austria", "--code", "AUT"] + store
        case .result: ["result", "GER-POR", "3:2"] + store
        case .exportStore, .exportPlist:
            ["save", "--to", target(in: folder)!.path] + (self == .exportPlist ? ["--as", "plist"] : []) + store
        case .storeCreation: ["list", "teams"]
        }
    }

    /// The standard input: the shell's commands, none for the others.
    var stdin: String? {
        self == .shellSave ? "add-team --name Schottland --english Scotland --code SCO\nresult GER-POR 2:1\nsave\n" : nil
    }

    /// The arguments after `em` that read the store in `folder` afterwards.
    ///
    /// - Parameter folder: The kill's folder.
    func readArguments(in folder: URL) -> [String] {
        self == .storeCreation ? ["list", "teams"] : ["list", "teams", "--store", store(in: folder).path]
    }
}
