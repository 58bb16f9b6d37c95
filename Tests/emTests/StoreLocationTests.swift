import Foundation
import Testing

/// Where em keeps the tournament when no `--store` is given.
@Suite("Store location")
struct StoreLocationTests {
    @Test("Without --store or EM_STORE, the store is $XDG_DATA_HOME/em/em.sqlite, its folder created")
    func xdgDataHome() throws {
        let workspace = try Workspace()
        let result = try workspace.emWithoutStore(["init"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: workspace.path("xdg/em/em.sqlite")))
    }

    @Test("EM_STORE names the store; --store wins over it")
    func environment() throws {
        let workspace = try Workspace()
        let fromEnvironment = workspace.path("env.sqlite")
        let first = try EMProcess.run(["init"], home: workspace.directory, environment: ["EM_STORE": fromEnvironment])
        #expect(first.status == 0)
        #expect(FileManager.default.fileExists(atPath: fromEnvironment))
        let second = try EMProcess.run(
            ["init", "--store", workspace.store.path], home: workspace.directory, environment: ["EM_STORE": fromEnvironment])
        #expect(second.status == 0)
        #expect(FileManager.default.fileExists(atPath: workspace.store.path))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("xdg/em/em.sqlite")))
    }

    @Test("Without $XDG_DATA_HOME, the store is under $HOME/.local/share, not the account's home directory")
    func home() throws {
        let workspace = try Workspace()
        let result = try EMProcess.run(
            ["init"], home: workspace.directory, environment: ["XDG_DATA_HOME": "", "HOME": workspace.path("home")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: workspace.path("home/.local/share/em/em.sqlite")))
    }

    @Test("An empty --store is a usage error, and creates nothing")
    func emptyStorePath() throws {
        let workspace = try Workspace()
        let result = try workspace.emWithoutStore(["list", "teams", "--store", ""])
        expectFailure(result, status: 64, message: "--store needs a file path")
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.path)
        #expect(left.allSatisfy { !$0.hasSuffix(".sqlite") && $0 != "xdg" }, "\(left)")
    }

    @Test("A named store that does not exist is refused with 66 by every command but init, and nothing is made")
    func namedStoreIsNotMade() throws {
        let workspace = try Workspace()
        let path = workspace.path("mistyped.sqlite")
        for arguments in [
            ["list", "teams"], ["add-team", "--code", "ZZZ", "--name", "Zedland"], ["save", "--to", workspace.path("x.plist")],
        ] {
            let result = try workspace.emWithoutStore(arguments + ["--store", path])
            expectFailure(result, status: 66, message: "no store at \(path): create one with `em init --store \(path)`")
        }
        let shell = try workspace.emWithoutStore(["shell", "--store", path], stdin: "list teams\n")
        expectFailure(shell, status: 66, message: "no store at \(path)")
        let fromEnvironment = try EMProcess.run(["list", "teams"], home: workspace.directory, environment: ["EM_STORE": path])
        expectFailure(fromEnvironment, status: 66, message: "no store at \(path)")
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.path)
        #expect(left.allSatisfy { !$0.contains("mistyped") && !$0.hasSuffix(".plist") && $0 != "xdg" }, "\(left)")
    }

    @Test("A named store that is an empty file is refused with 66 and left empty; em init makes it a store")
    func emptyFileIsNotMadeAStore() throws {
        let workspace = try Workspace()
        let path = workspace.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        for arguments in [["list", "teams"], ["add-team", "--code", "ZZZ", "--name", "Zedland"]] {
            let result = try workspace.emWithoutStore(arguments + ["--store", path])
            expectFailure(
                result, status: 66, message: "the store at \(path) holds no tournament: seed it with `em init --store \(path)`")
        }
        #expect(try Data(contentsOf: URL(filePath: path)).isEmpty)
        try workspace.succeed("init", store: path)
        #expect(
            try workspace.succeed("list", "teams", "--format", "csv", store: path).split(whereSeparator: \.isNewline).count == 17)
    }

    @Test("The default store is made and seeded on first use, which em reports on standard error")
    func defaultStoreIsSeededOnFirstUse() throws {
        let workspace = try Workspace()
        let store = workspace.path("xdg/em/em.sqlite")
        let first = try workspace.emWithoutStore(["list", "teams", "--format", "csv"])
        #expect(first.status == 0 && first.stdout.split(whereSeparator: \.isNewline).count == 17)
        #expect(first.stderr == "em: seeded UEFA EURO 2012 into \(store)\n")
        let second = try workspace.emWithoutStore(["list", "teams", "--format", "csv"])
        #expect(second.status == 0 && second.stderr.isEmpty && second.stdout == first.stdout)
    }
}
