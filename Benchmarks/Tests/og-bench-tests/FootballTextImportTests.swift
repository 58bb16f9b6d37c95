import Foundation
import Testing

@testable import og_bench

/// Workload S4's input, which og-bench finds in the source tree: were it lost, the workload
/// would only be skipped, and `make bench-check` would pass without it.
@Suite("Football.TXT import")
struct FootballTextImportTests {
    @Test("The EURO 2024 file and its 24 squad files are found in the source tree")
    func input() throws {
        #expect(Euro2024FootballText.unavailable == nil)
        let text = try String(contentsOfFile: Euro2024FootballText.file, encoding: .utf8)
        #expect(text.hasPrefix("= Euro 2024"))
        let names = try FileManager.default.contentsOfDirectory(atPath: Euro2024FootballText.squads)
        #expect(names.filter { $0.hasSuffix(".txt") }.count == 24)
    }
}
