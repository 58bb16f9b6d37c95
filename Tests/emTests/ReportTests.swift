import Foundation
import TestSupport
import Testing

/// `em report --to FILE.html`: one self-contained page, read in a real browser (headless
/// Chromium) at a desktop's and a phone's width.
@Suite("em report")
struct ReportTests {
    /// Headless Chromium, which `make test` installs where it is missing.
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// What the check script below finds in the rendered page.
    struct Check: Decodable {
        struct Box: Decodable {
            var id: String
            var teams: [String]
            var scores: [String]
            var winners: [String]
        }
        var width: Int
        var problems: [String]
        var boxes: [Box]
        var headers: Int
        var captions: [String]
    }

    /// Runs in the page once it is laid out, and leaves what it finds on `<body data-check>` of
    /// the page that frames it:
    /// each bracket box's texts, and every text that leaves its box or element wider than its
    /// own box (outside the bracket's scrolling frame), and a page wider than the window.
    static let checkScript = """
        <script>
        const problems = [];
        const boxes = [...document.querySelectorAll('g.match')].map(group => {
          const frame = group.querySelector('rect').getBBox();
          for (const text of group.querySelectorAll('text.team, text.score')) {
            const b = text.getBBox();
            if (b.x < frame.x || b.x + b.width > frame.x + frame.width || b.y < frame.y || b.y + b.height > frame.y + frame.height)
              problems.push(group.id + ': "' + text.textContent + '" leaves its box');
          }
          const texts = cls => [...group.querySelectorAll('text.' + cls)].map(t => t.textContent);
          return { id: group.id, teams: texts('team'), scores: texts('score'),
                   winners: [...group.querySelectorAll('text.team.winner')].map(t => t.textContent) };
        });
        for (const element of document.body.querySelectorAll('*')) {
          if (element.closest('.scroll') || element.closest('svg') || element.clientWidth === 0) continue;
          if (element.scrollWidth > element.clientWidth + 1)
            problems.push(element.tagName + (element.id ? '#' + element.id : '') + ' is ' + element.scrollWidth + ' wide in ' + element.clientWidth);
        }
        if (document.documentElement.scrollWidth > window.innerWidth)
          problems.push('the page is ' + document.documentElement.scrollWidth + ' wide in a window of ' + window.innerWidth);
        window.parent.document.body.setAttribute('data-check', JSON.stringify({ width: window.innerWidth, problems, boxes,
          headers: document.querySelectorAll('th[scope=col]').length,
          captions: [...document.querySelectorAll('caption')].map(c => c.textContent) }));
        </script>
        """

    /// Loads `page` in Chromium, in a frame `width` pixels wide (a window is 500 at least):
    /// what the check script found, and a screenshot.
    private func render(_ page: URL, width: Int, in workspace: Workspace) throws -> (check: Check, screenshot: Data) {
        let chromium = try #require(Self.chromium, "no Chromium: make test installs it")
        let html = try String(contentsOf: page, encoding: .utf8)
        let checked = workspace.directory.appending(path: "checked-\(width).html")
        try html.replacingOccurrences(of: "</body>", with: Self.checkScript + "\n</body>").write(
            to: checked, atomically: true, encoding: .utf8)
        let frame = { (name: String, height: Int) throws -> URL in
            let url = workspace.directory.appending(path: "frame-\(width)-\(height).html")
            let text = """
                <!DOCTYPE html><html><body style="margin:0">\
                <iframe src="\(name)" width="\(width)" height="\(height)" style="border:0"></iframe></body></html>
                """
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url
        }
        let flags = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files",
            "--window-size=\(max(width, 500)),1200",
        ]
        let framed = try frame(checked.lastPathComponent, 1200).absoluteString
        let dom = try run(chromium, flags + ["--dump-dom", framed], in: workspace)
        let screenshot = workspace.directory.appending(path: "report-\(width).png")
        let pictured = try frame(page.lastPathComponent, 2400).absoluteString
        _ = try run(
            chromium, flags.dropLast() + ["--window-size=\(max(width, 500)),2400", "--screenshot=\(screenshot.path)", pictured],
            in: workspace)
        let attribute = try #require(dom.firstMatch(of: /data-check="([^"]*)"/)?.1, "no check in the DOM: \(dom.prefix(300))")
        let json = attribute.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return (try JSONDecoder().decode(Check.self, from: Data(json.utf8)), try Data(contentsOf: screenshot))
    }

    /// Runs `program` and gives back its standard output.
    private func run(_ program: String, _ arguments: [String], in workspace: Workspace) throws -> String {
        let process = Process()
        process.executableURL = URL(filePath: program)
        process.arguments = arguments
        let output = workspace.directory.appending(path: "chromium-\(UUID().uuidString).out")
        try Data().write(to: output)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = workspace.directory.path
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        return try String(contentsOf: output, encoding: .utf8)
    }

    /// Checks `page` in the browser at 1280 and 390 pixels against the workspace's bracket:
    /// every team and score in its box, the winner marked, nothing wider than its box.
    private func expectRendersWell(_ page: URL, in workspace: Workspace, edition: String) throws {
        let json = try workspace.succeed("bracket", "--format", "json")
        let matches = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        for width in [1280, 390] {
            let (check, screenshot) = try render(page, width: width, in: workspace)
            Attachment.record(screenshot, named: "\(edition)-report-\(width).png")
            #expect(check.width == width)
            #expect(check.problems.isEmpty, "\(edition), \(width) px: \(check.problems)")
            #expect(check.boxes.count == matches.count, "\(edition)")
            #expect(check.headers > 10)
            for match in matches {
                let number = try #require(match["number"] as? Int)
                let box = try #require(check.boxes.first { $0.id == "match-\(number)" }, "\(edition) match \(number)")
                let waiting = match["waiting"] as? Bool ?? false
                let winner = waiting ? nil : match["winner"] as? String
                let teams = ["home", "away"].map { (match[$0] as? String) ?? (match[$0 + "Slot"] as? String) ?? "?" }
                #expect(box.teams == teams.map { ($0 == winner ? "▸ " : "") + $0 }, "\(edition) match \(number)")
                let score = match["score"] as? [String: Any]
                #expect(box.scores == ["home", "away"].compactMap { (score?[$0] as? Int).map(String.init) })
                #expect(box.winners == winner.map { ["▸ " + $0] } ?? [], "\(edition) match \(number)")
            }
        }
    }

    @Test("EURO 2024's page in a browser: every team and score in its box, nothing wider than its box at 1280 and 390 pixels")
    func inBrowser() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        let page = workspace.directory.appending(path: "euro.html")
        #expect(try workspace.succeed("report", "--to", page.path) == "wrote \(page.path)\n")
        try expectRendersWell(page, in: workspace, edition: "2024")
        let (check, _) = try render(page, width: 1280, in: workspace)
        #expect(check.captions.contains("Group A") && check.captions.contains("Friday 2024-06-14"))
        #expect(check.headers > 100)
    }

    @Test(
        "The pages of 1960's four teams, 1968's replayed final and 2028 before its draw render as well",
        arguments: ["1960--france", "1968--italy", "2028--united_kingdom-ireland"])
    func otherEditionsInBrowser(edition: String) throws {
        let workspace = try Workspace()
        try workspace.succeed("import", OpenfootballFixture.url("\(edition)/euro.txt").path, "--force")
        let page = workspace.directory.appending(path: "euro.html")
        try workspace.succeed("report", "--to", page.path)
        try expectRendersWell(page, in: workspace, edition: edition)
    }

    @Test("Every edition's page holds every match: in the bracket, and in the schedule", arguments: OpenfootballFixture.editions)
    func everyEdition(edition: String) throws {
        let workspace = try Workspace()
        try workspace.succeed("import", OpenfootballFixture.url("\(edition)/euro.txt").path, "--force")
        let page = workspace.path("euro.html")
        try workspace.succeed("report", "--to", page)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let matches = try workspace.succeed("list", "matches", "--format", "csv").components(separatedBy: "\r\n")
            .dropFirst().filter { !$0.isEmpty }
        #expect(!matches.isEmpty)
        for row in matches {
            let number = try #require(row.split(separator: ",").first)
            #expect(html.contains("<tr id=\"match-row-\(number)\">"), "\(edition) match \(number)")
        }
        let knockout = try JSONSerialization.jsonObject(with: Data(try workspace.succeed("bracket", "--format", "json").utf8))
        for match in try #require(knockout as? [[String: Any]]) {
            #expect(html.contains("<g class=\"match\" id=\"match-\(match["number"] as? Int ?? 0)\""), "\(edition)")
        }
    }

    @Test("The page stands alone: no scripts, nothing fetched; tables with captions and column headers; light, dark and print")
    func selfContained() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        let page = workspace.path("euro.html")
        try workspace.succeed("report", "--to", page)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        // Nothing to fetch: no scripts, style sheets, pictures or fonts from elsewhere.
        for fetching in ["<script", "<link", "<img", "src=", "href=", "url(", "@import"] {
            #expect(!html.contains(fetching), "\(fetching)")
        }
        #expect(html.contains("@media (prefers-color-scheme: dark)") && html.contains("@media print"))
        #expect(html.contains("<caption>Group F</caption>"))
        #expect(html.contains("<li>CZE ahead of GEO: goal difference +1 vs 0</li>") == false)
        #expect(html.contains("<li>ROU ahead of BEL: head-to-head goals scored among BEL, ROU, SVK, UKR 4–2</li>"))
        #expect(html.contains("<caption>Third-placed teams (the best 4 go through)</caption>"))
        #expect(html.contains("<li>Allocation: third-placed teams of C D E F</li>"))
        #expect(
            html.contains(
                "<title>Final, match 51: Spanien (ESP) against England (ENG), 2:1; Spanien (ESP) went through.</title>"))
        #expect(
            html.contains(
                "<td>21:00 +02:00</td><td class=\"wraps\">Deutschland – Schottland</td><td class=\"wraps\">5:1</td>"))
        #expect(html.contains("<li>10′ Florian Wirtz (GER), goal</li>"))
        #expect(html.contains("Ryan Porteous (SCO), red card"))
    }

    @Test("A what-if page says so and shows the assumed result; the store keeps what it had")
    func whatIf() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        let before = try workspace.snapshot()
        let page = workspace.path("whatif.html")
        try workspace.succeed("report", "--to", page, "--if", "SUI-GER 2:0")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<p class=\"whatif\">What if: match 25 SUI-GER 2:0 (assumed, not recorded)</p>"))
        // Switzerland win group A: three played, two won.
        #expect(
            html.contains(
                "<td class=\"col-team\">SUI</td><td class=\"col-name\">Schweiz</td><td class=\"col-played num\">3</td>"
                    + "<td class=\"col-won num\">2</td>"))
        #expect(try workspace.snapshot() == before)
    }

    @Test("A file that exists is replaced only if em wrote it; anything else stays, exit 73")
    func replacesOnlyItsOwnPages() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2012")
        let page = workspace.path("euro.html")
        try workspace.succeed("report", "--to", page)
        try workspace.succeed("result", "1", "3:3")
        try workspace.succeed("report", "--to", page)
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("<td class=\"wraps\">3:3</td>"))
        let notes = workspace.path("notes.html")
        try Data("<html>my notes</html>".utf8).write(to: URL(filePath: notes))
        try workspace.fail("report", "--to", notes, status: 73, message: "it exists and is not a page em wrote; remove it first")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "<html>my notes</html>")
        // EURO 2012 has no third-placed ranking: no such section.
        #expect(try !String(contentsOfFile: page, encoding: .utf8).contains("id=\"thirds\""))
    }
}
