import Foundation
import Testing

/// The house rules a newcomer relies on when reading the sources: small files, one name per
/// type across the planner's modules, one seeded generator.
struct RepositoryLayoutTests {
    private static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift files under `folder` (relative to the repository), as paths relative to it.
    private static func swiftFiles(under folder: String) throws -> [String] {
        let base = root.appending(path: folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .map { folder + "/" + $0.path.dropFirst(base.path.count + 1) }.sorted()
    }

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appending(path: path), encoding: .utf8)
    }

    @Test("No source file is over 500 lines, generated code aside")
    func sourceFilesAreSmall() throws {
        let files = try Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Benchmarks/Sources")
        #expect(files.count > 100, "the sources are found")
        let long = try files.filter { !$0.contains("/Generated/") }.compactMap { path -> String? in
            let lines = try Self.text(path).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            return lines > 500 ? "\(path): \(lines) lines" : nil
        }
        #expect(long.isEmpty, "\(long)")
    }

    @Test("No two types of FootballText, EMPlanner and em share a name")
    func typeNamesAreUnique() throws {
        let declaration = /^(?:public |final |indirect )*(?:struct|enum|class|actor|protocol|typealias) (\w+)/
            .anchorsMatchLineEndings()
        var files: [String: [String]] = [:]
        for module in ["FootballText", "EMPlanner", "em"] {
            for path in try Self.swiftFiles(under: "Sources/\(module)") {
                for match in try Self.text(path).matches(of: declaration) { files[String(match.1), default: []].append(path) }
            }
        }
        #expect(files["Tournament"] != nil && files["GoalPair"] != nil, "the declarations are found")
        let shared = files.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        #expect(shared.isEmpty, "\(shared)")
    }

    @Test("The planner is a session and services: each its own folder, none over 40 members")
    func plannerIsASessionAndServices() throws {
        let services = ["Lookup", "Squads", "Structure", "Fixtures", "Results", "Knockout", "Reports", "Interchange", "History"]
        let opening = /^(?:public |final )*(?:struct|class|extension) (\w+)\b/
        let member =
            /^    (?:@\w+ )*(?:public |package |private |fileprivate |static |nonisolated )*(?:func|var|let|init|subscript|struct|enum|typealias)\b/
        var members: [String: Int] = [:]
        var folders: [String: Set<String>] = [:]
        for path in try Self.swiftFiles(under: "Sources/EMPlanner") {
            var type: String?
            for line in try Self.text(path).split(separator: "\n", omittingEmptySubsequences: false) {
                if let match = line.firstMatch(of: opening) {
                    type = String(match.1)
                    folders[type!, default: []].insert(path.split(separator: "/").dropLast().joined(separator: "/"))
                } else if line.first.map({ !$0.isWhitespace && $0 != "}" && $0 != "/" && $0 != "@" }) ?? false {
                    type = nil
                } else if let type, line.firstMatch(of: member) != nil {
                    members[type, default: 0] += 1
                }
            }
        }
        #expect(folders["Tournament"] == ["Sources/EMPlanner/Session"])
        for service in services {
            let inFolder = folders[service]?.allSatisfy { $0.hasPrefix("Sources/EMPlanner/\(service)") }
            #expect(inFolder == true, "\(service): \(folders[service] ?? [])")
        }
        #expect((members["Tournament"] ?? 0) > 10, "the members are found")
        let large = (["Tournament"] + services).filter { members[$0] ?? 0 > 40 }.map { "\($0): \(members[$0]!)" }
        #expect(large.isEmpty, "\(large)")
    }

    @Test("ObjectGraph's folders depend on each other only in the cycles ARCHITECTURE.md names")
    func objectGraphFolderCycles() throws {
        let base = "Sources/ObjectGraph/"
        let files = try Self.swiftFiles(under: "Sources/ObjectGraph").filter { $0.dropFirst(base.count).contains("/") }
        func folder(_ path: String) -> String { String(path.dropFirst(base.count).prefix { $0 != "/" }) }
        let declaration =
            /^(?:public |package |private |fileprivate |final |indirect )*(?:struct|class|enum|protocol|typealias|actor) (\w+)/
            .anchorsMatchLineEndings()
        var home: [String: String] = [:]
        var sources: [String: String] = [:]
        for path in files {
            let text = try Self.text(path)
            for match in text.matches(of: declaration) where home[String(match.1)] == nil { home[String(match.1)] = folder(path) }
            sources[path] = text.replacing(/\/\/[^\n]*/, with: "").replacing(/"(?:\\.|[^"\\\n])*"/, with: "\"\"")
        }
        var edges: Set<[String]> = []
        for (path, text) in sources {
            for word in Set(text.matches(of: /\b[A-Z]\w*\b/).map { String($0.0) }) {
                if let target = home[word], target != folder(path) { edges.insert([folder(path), target]) }
            }
        }
        #expect(edges.contains(["SQLiteStore", "SQL"]), "the dependencies are found")
        let cycles = Set(edges.filter { $0[0] < $0[1] && edges.contains([$0[1], $0[0]]) }.map { $0.joined(separator: "⇄") })
        let intrinsic: Set = ["Fetching⇄Model", "Context⇄Fetching", "Context⇄Coordinator"]
        let named: Set = ["Errors⇄Model", "Errors⇄StoreInterface", "Fetching⇄StoreInterface", "Model⇄StoreInterface"]
        #expect(cycles == intrinsic.union(named), "\(cycles.sorted())")
    }

    @Test("One seeded random generator, in SeededRandom, serves tests, stress suite and benchmarks")
    func oneSeededGenerator() throws {
        let conformance = /(?:struct|class|enum) \w+\s*:[^{]*\bRandomNumberGenerator\b/
        let files = try ["Sources", "Tests", "Benchmarks/Sources"].flatMap(Self.swiftFiles(under:))
        let generators = try files.filter { try Self.text($0).contains(conformance) }
        #expect(generators == ["Sources/SeededRandom/SeededGenerator.swift"])
    }

    @Test("ARCHITECTURE.md is at most 150 lines, and every file and folder it names is there")
    func architectureNotesHoldTrue() throws {
        let notes = try Self.text("ARCHITECTURE.md")
        #expect(notes.split(separator: "\n", omittingEmptySubsequences: false).count - 1 <= 150)
        let files = try ["Sources", "Tests", "Benchmarks/Sources"].flatMap(Self.swiftFiles(under:))
        let named = notes.matches(of: /`([\w.+\/-]+(?:\.swift|\/))`/).map { String($0.1) }
        #expect(named.count > 30, "the notes name the files they describe")
        let missing = named.filter { name in
            let candidates = ["", "Sources/", "Tests/", "Sources/ObjectGraph/", "Sources/EMPlanner/", "Sources/em/"].map {
                $0 + name
            }
            return !candidates.contains { FileManager.default.fileExists(atPath: Self.root.appending(path: $0).path) }
                && !files.contains { $0.hasSuffix("/" + name) }
        }
        #expect(missing.isEmpty, "\(missing)")
        #expect(try Self.text("CONTRIBUTING.md").contains("(ARCHITECTURE.md)"), "the contributor guide points to the notes")
    }
}
