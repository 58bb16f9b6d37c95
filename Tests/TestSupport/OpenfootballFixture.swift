import Foundation

/// openfootball's EURO files in Football.TXT (public domain): every final tournament from
/// 1960 to 2024 (2020's, played in 2021, as `2021--europe`), 2024 with its squads, and 2028 as
/// planned (`Fixtures/openfootball`).
public enum OpenfootballFixture {
    /// The fixtures' directory.
    public static let directory = Bundle.module.resourceURL!.appending(path: "Fixtures/openfootball")

    /// The editions' directories (`1960--france` … `2028--united_kingdom-ireland`), oldest first.
    public static let editions: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.contains("--") }.sorted()
    }()

    /// The squad files of EURO 2024 (`albania.txt` …), sorted.
    public static let squadFiles: [String] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: directory.appending(path: "2024--germany/squads").path)) ?? []
        return names.filter { $0.hasSuffix(".txt") }.sorted()
    }()

    /// The file at `relativePath` (`1968--italy/euro.txt`).
    public static func url(_ relativePath: String) -> URL {
        directory.appending(path: relativePath)
    }

    /// The text of the file at `relativePath` (`1968--italy/euro.txt`).
    public static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: url(relativePath), encoding: .utf8)
    }
}
