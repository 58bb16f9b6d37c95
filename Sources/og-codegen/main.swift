import ArgumentParser
import Foundation
import ObjectGraph
import ObjectGraphCodegen

/// The `og-codegen` command line tool.
///
/// `og-codegen <model> --output <dir> [--access public|internal] [--model-source <name>] [--check]`
@main
struct Codegen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "og-codegen",
        abstract: "Generate typed ManagedObject subclasses from an Xcode data model.",
        discussion: """
            Writes one Swift file per entity, <Model>Object.swift and <Model>Classes.swift, rewriting only files that \
            changed and removing generated files of entities the model no longer has. With --model-source, also \
            writes <name>.swift, the model compiled: an enum whose make function builds it without reading XML. With \
            --check nothing is written: the command fails listing the files that are out of date.
            """
    )

    /// The access level of the generated declarations.
    enum AccessLevel: String, ExpressibleByArgument, CaseIterable {
        case `public`, `internal`
    }

    @Argument(help: "The .xcdatamodeld bundle, .xcdatamodel directory or contents file.")
    var model: String

    @Option(name: .shortAndLong, help: "The directory the Swift files go to.")
    var output: String

    @Option(help: "The access level of the generated declarations.")
    var access: AccessLevel = .public

    @Option(help: "Also write the model compiled, as an enum of this name in <name>.swift.")
    var modelSource: String?

    @Flag(help: "Write nothing; exit 1 listing missing, stale and obsolete files.")
    var check = false

    func run() throws {
        let modelURL = URL(fileURLWithPath: model)
        let outputURL = URL(fileURLWithPath: output, isDirectory: true)
        do {
            let model = try ManagedObjectModel(contentsOf: modelURL)
            let modelName = ClassGenerator.modelName(forModelAt: modelURL)
            let generator = ClassGenerator(model: model, modelName: modelName, accessLevel: access.rawValue)
            let source = try modelSource.map { name throws(ModelError) in
                try ModelSourceGenerator(model: model, modelName: modelName, typeName: name, accessLevel: access.rawValue)
            }
            if check {
                let outdated = generator.outdatedFiles(in: outputURL) + [source?.outdatedFile(in: outputURL)].compactMap { $0 }
                guard outdated.isEmpty else {
                    let list = outdated.map(\.description).joined(separator: ", ")
                    throw Failure("\(output) is out of date: \(list); run og-codegen without --check")
                }
            } else {
                let written = try generator.write(to: outputURL) + [try source?.write(to: outputURL)].compactMap { $0 }
                for file in written {
                    print(file.reason == .obsolete ? "removed \(file.name)" : "wrote \(file.name)")
                }
            }
        } catch {
            FileHandle.standardError.write(Data("og-codegen: \(Self.message(for: error))\n".utf8))
            throw ExitCode.failure
        }
    }

    /// One line saying what went wrong.
    private static func message(for error: any Error) -> String {
        switch error {
        case let error as ModelError: return error.description
        case let error as Failure: return error.message
        default: return error.localizedDescription
        }
    }

    /// A failure whose message is the whole story.
    private struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
