import Foundation
import Testing

@testable import og_bench

/// The scripting and seeding workloads' parts that need no process: selecting them, their
/// report rows and their inputs.
@Suite("Whole-process workloads")
struct WholeProcessTests {
    static let ids = ["1", "3a", "3b", "9a", "S1", "S2", "S3", "S5a", "S5b"]
    static var workloads: [Workload] {
        ids.map { id in
            Workload(
                id: id, title: "workload \(id)",
                kind: id == "S2"
                    ? .scaling(base: "S1", ratio: 11, title: "S2 over S1")
                    : id.hasPrefix("S5") ? .deadline(milliseconds: 50) : .time(ratio: 3))
        }
    }

    @Test(
        "An ID ending in a digit selects its lettered parts, a letter its numbered ones, and a scaling workload its base",
        arguments: [
            (["3"], ["3a", "3b"]), (["S"], ["S1", "S2", "S3", "S5a", "S5b"]), (["S3"], ["S3"]), (["S2"], ["S1", "S2"]),
            (["9", "S1"], ["9a", "S1"]), (["1"], ["1"]), (["S5"], ["S5a", "S5b"]), (["S5b"], ["S5b"]), ([], ids),
        ])
    func selection(filters: [String], selected: [String]) {
        #expect(Workload.selected(Self.workloads, by: filters).map(\.id) == selected)
    }

    /// A measurement of `workload` whose sides took these milliseconds and whose child processes
    /// peaked at these MiB.
    static func measurement(
        _ workload: Workload, raw: [Double], og: [Double], peaks: (raw: Double, og: Double) = (0, 0)
    ) -> og_bench.Measurement {
        func samples(_ milliseconds: [Double], _ peak: Double) -> [Sample] {
            milliseconds.map { Sample(seconds: $0 / 1000, childPeakResidentBytes: Int(peak * 1_048_576)) }
        }
        return Measurement(workload: workload, samples: [.rawC: samples(raw, peaks.raw), .objectGraph: samples(og, peaks.og)])
    }

    @Test("A scaling workload's target is its ObjectGraph time over its base's, in a row of its own")
    func scalingRows() throws {
        var report = ComparisonTests.report([:])
        report.add(Self.measurement(Self.workloads[4], raw: [100, 100, 100], og: [1000, 1200, 1100]))
        report.add(Self.measurement(Self.workloads[5], raw: [600, 600, 600], og: [12_000, 12_100, 12_200]))
        #expect(report.rows.map(\.workload) == ["S1", "S2", "S2/S1"])
        #expect(report.rows[1].objectGraphOverRawC == 20.17)
        #expect(report.rows[1].met == nil)
        #expect(report.rows[1].target == "see S2/S1")
        let scaling = report.rows[2]
        #expect(scaling.rawC?.samples == [1000, 1200, 1100])
        #expect(scaling.objectGraphOverRawC == 11)
        #expect(scaling.met == true)
        #expect(scaling.target == "≤ 11.00× S1")
    }

    @Test("A deadline row is met by ObjectGraph's median alone; the raw C side is for information")
    func deadlineRow() {
        var report = ComparisonTests.report([:])
        report.add(Self.measurement(Self.workloads[7], raw: [5, 5, 5], og: [40, 60, 45]))
        report.add(Self.measurement(Self.workloads[8], raw: [5, 5, 5], og: [55, 60, 52]))
        #expect(report.rows.map(\.target) == ["≤ 50 ms", "≤ 50 ms"])
        #expect(report.rows.map(\.met) == [true, false])
        #expect(report.rows[0].objectGraphOverRawC == 9)
    }

    @Test("A peak resident size row holds the reference size and each side's peak")
    func peakResidentRow() throws {
        var workload = Workload(id: "S3", title: "seed", kind: .time(ratio: 1))
        workload.peakResident = Workload.PeakResidentTarget(
            id: "S3m", title: "peak", ratio: 3, reference: "the plist", bytes: { 10 * 1_048_576 })
        var report = ComparisonTests.report([:])
        report.add(Self.measurement(workload, raw: [1000, 1000], og: [7000, 7000], peaks: (raw: 60, og: 94)))
        #expect(report.rows.map(\.workload) == ["S3", "S3m"])
        let peak = report.rows[1]
        #expect(peak.unit == "MiB")
        #expect(peak.rawC?.samples == [10, 10])
        #expect(peak.objectGraph?.median == 94)
        #expect(peak.objectGraphOverRawC == 9.4)
        #expect(peak.met == false)
        #expect(peak.target == "≤ 3.00× the plist")
        #expect(peak.residentMiB == ["raw C": 60, "ObjectGraph": 94])
    }

    @Test("The shell script adds each team and its 23 players, then saves")
    func shellScript() {
        let lines = ShellScript.text(NewSquads(count: 3)).split(separator: "\n")
        #expect(lines.count == 73)
        #expect(lines[0] == #"add-team --name "Team 0001" --english "Side 0001" --code AAA"#)
        #expect(
            lines[7]
                == #"add-player --team AAA --given "Given 07" --name "Player 0001-07" --number 7 --position MF --club "Club 08" --born 1982-08-08"#
        )
        #expect(lines.last == "save")
    }

    @Test("New squads follow EURO 2012's rules: 23 players wearing 1 to 23, number 1 a goalkeeper, 15 to 50 in June 2012")
    func squadRules() {
        for team in NewSquads(count: 5).teams {
            #expect(team.players.map(\.number) == Array(1...23))
            #expect(team.players.first?.position == "GK")
            for player in team.players {
                let year = Int(player.born.prefix(4)) ?? 0
                #expect((1962...1996).contains(year), "\(player.name) born \(player.born)")
            }
        }
        let names = NewSquads(count: NewSquads.maximumCount).teams.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test("New teams' codes are unique, three letters, and none of EURO 2012's")
    func codes() {
        let codes = NewSquads(count: NewSquads.maximumCount).teams.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.wholeMatch(of: /[A-Z]{3}/) != nil && !NewSquads.euro2012Codes.contains($0) })
    }

    @Test("The setup plist has four groups of four, the other teams in none, and the groups' matches", arguments: [3, 18])
    func setupPlist(teams: Int) throws {
        let data = Data(SetupPlist.text(NewSquads(count: teams)).utf8)
        let root = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let groups = try #require(root["groups"] as? [[String: Any]])
        let grouped = groups.map { ($0["teams"] as? [[String: Any]])?.count ?? 0 }
        let ungrouped = (root["teams"] as? [[String: Any]]) ?? []
        #expect(grouped == Array(repeating: 4, count: min(4, teams / 4)))
        #expect(grouped.reduce(0, +) + ungrouped.count == teams)
        #expect((root["matches"] as? [Any])?.count == groups.count * 6)
        let team = try #require(ungrouped.last)
        #expect((team["players"] as? [Any])?.count == 23)
        #expect(team["name"] as? String == "Team \(teams < 10 ? "000" : "00")\(teams)")
    }
}
