import Foundation
import Testing

/// The built `em` answers as a process.
@Suite("em process")
struct HelpTests {
    @Test("em runs")
    func runs() throws {
        let binary = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "em")
        let process = Process()
        process.executableURL = binary
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("em"))
    }
}
