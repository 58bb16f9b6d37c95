import Foundation
import FoundationXML
import TestSupport
import Testing

/// `em bracket --format svg`: every knockout match in a box with its teams, goals and winner,
/// for every edition; and the terminal tree marking the team that went through.
@Suite("em bracket as a picture")
struct BracketPictureTests {
    /// A match's group in the picture: its attributes and its texts by class.
    struct MatchBox {
        var attributes: [String: String]
        /// The texts of the group, each with its class and side.
        var texts: [(classes: Set<String>, side: String?, text: String)] = []
        var title = ""

        /// The team label and goals shown for `side`, and whether they are marked the winner.
        func shown(_ side: String) -> (team: String?, goals: String?, winner: Bool) {
            let team = texts.first { $0.classes.contains("team") && $0.side == side }
            let goals = texts.first { $0.classes.contains("score") && $0.side == side }
            return (team?.text, goals?.text, team?.classes.contains("winner") ?? false)
        }
    }

    /// Reads the match groups of an SVG document; fails the test on XML that does not parse.
    final class Reader: NSObject, XMLParserDelegate {
        var boxes: [String: MatchBox] = [:]
        private var current: MatchBox?
        private var text: (classes: Set<String>, side: String?)?
        private var inTitle = false
        private var characters = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            characters = ""
            switch name {
            case "g" where attributes["class"] == "match": current = MatchBox(attributes: attributes)
            case "text" where current != nil:
                text = (Set((attributes["class"] ?? "").split(separator: " ").map(String.init)), attributes["data-side"])
            case "title": inTitle = current != nil
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { characters += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "text":
                if let text { current?.texts.append((text.classes, text.side, characters)) }
                text = nil
            case "title" where inTitle:
                current?.title = characters
                inTitle = false
            case "g":
                if let box = current, let id = box.attributes["id"] { boxes[id] = box }
                current = nil
            default: break
            }
        }

        /// The match groups of `svg`, by their ids (`match-39`).
        static func boxes(of svg: String) throws -> [String: MatchBox] {
            let parser = XMLParser(data: Data(svg.utf8))
            let reader = Reader()
            parser.delegate = reader
            try #require(parser.parse(), "the SVG does not parse: \(String(describing: parser.parserError))")
            return reader.boxes
        }
    }

    /// The knockout matches as `em bracket --format json` gives them.
    private func matches(_ workspace: Workspace, store: String? = nil) throws -> [[String: Any]] {
        let json = try workspace.succeed("bracket", "--format", "json", store: store)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    /// Checks that every match of the JSON stands in its box with its teams (or slots), goals
    /// and winner.
    private func expectEveryMatchBoxed(_ workspace: Workspace, store: String? = nil, edition: String) throws {
        let svg = try workspace.succeed("bracket", "--format", "svg", store: store)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let boxes = try Reader.boxes(of: svg)
        let matches = try matches(workspace, store: store)
        #expect(boxes.count == matches.count, "\(edition)")
        for match in matches {
            let number = try #require(match["number"] as? Int)
            let box = try #require(boxes["match-\(number)"], "\(edition): no box for match \(number)")
            let waiting = match["waiting"] as? Bool ?? false
            let score = match["score"] as? [String: Any]
            for side in ["home", "away"] {
                let label = (match[side] as? String) ?? (match[side + "Slot"] as? String)
                let shown = box.shown(side)
                let winner = !waiting && match["winner"] as? String != nil && match["winner"] as? String == match[side] as? String
                #expect(shown.team == (winner ? "▸ " : "") + (label ?? "?"), "\(edition) match \(number) \(side)")
                #expect(shown.goals == (score?[side] as? Int).map(String.init), "\(edition) match \(number) \(side)")
                #expect(shown.winner == winner, "\(edition) match \(number) \(side)")
                #expect(box.attributes["data-\(side)"] == label)
            }
            #expect(box.title.contains("match \(number):"), "\(box.title)")
            if let winner = match["winner"] as? String, !waiting { #expect(box.title.contains(winner + ") went through")) }
        }
    }

    @Test("Every knockout match of EURO 2024 stands in its box with its teams, goals and winner; titles name them")
    func euro2024() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        try expectEveryMatchBoxed(workspace, edition: "2024")
        let svg = try workspace.succeed("bracket", "--format", "svg")
        #expect(svg.contains("<title id=\"bracket-title\">The knockout bracket. Winner: Spanien (ESP).</title>"))
        #expect(svg.contains("@media (prefers-color-scheme: dark)"))
        let final = try #require(try Reader.boxes(of: svg)["match-51"])
        #expect(final.title == "Final, match 51: Spanien (ESP) against England (ENG), 2:1; Spanien (ESP) went through.")
        let penalties = try #require(try Reader.boxes(of: svg)["match-41"])
        #expect(penalties.texts.contains { $0.classes == ["note"] && $0.text == "41 a.e.t., 3:0 pens" })
    }

    @Test(
        "Every edition draws: 1960's four teams to 2024's 24, and 2028 before its draw",
        arguments: OpenfootballFixture.editions)
    func everyEdition(edition: String) throws {
        let workspace = try Workspace()
        try workspace.succeed("import", OpenfootballFixture.url("\(edition)/euro.txt").path, "--force")
        try expectEveryMatchBoxed(workspace, edition: edition)
    }

    @Test("The terminal tree marks the team that went through, and EURO 2024's fits 100 columns")
    func terminalMarksWinners() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        let tree = try workspace.succeed("bracket")
        let lines = tree.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines.contains { $0.hasPrefix("▸ESP              4 ─┐") })
        #expect(lines.contains { $0.hasPrefix(" GEO              1  │") })
        #expect(tree.hasSuffix("\nWinner: ESP\n"))
        let ascii = try workspace.succeed("bracket", "--ascii")
        #expect(ascii.split(separator: "\n").contains { $0.hasPrefix(">ESP              4 -+") })
        try workspace.fail("bracket", "--format", "svg", "--ascii", status: 64, message: "--ascii applies to --format table only")
    }

    @Test("EURO 1968's final, drawn and replayed: the replay decides it, in the tree, the picture and JSON")
    func replayedFinal() throws {
        let workspace = try Workspace()
        try workspace.succeed("import", OpenfootballFixture.url("1968--italy/euro.txt").path, "--force")
        let tree = try workspace.succeed("bracket")
        #expect(tree.contains("│ 4 a.e.t., replay 5 2:0\n"), "\(tree)")
        #expect(tree.contains("├─▸ITA              1\n"))
        #expect(tree.contains("\nWinner: ITA\n"))
        // The match for third place has a winner, not the tournament's.
        #expect(!tree.contains("Winner: ENG"))
        let final = try #require(try Reader.boxes(of: try workspace.succeed("bracket", "--format", "svg"))["match-4"])
        #expect(final.attributes["data-winner"] == "ITA")
        #expect(final.title.hasSuffix("1:1 after extra time, replayed as match 5: 2:0; Italien (ITA) went through."))
        let json = try workspace.succeed("bracket", "--format", "json")
        let matches = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let four = try #require(matches.first { $0["number"] as? Int == 4 })
        #expect(four["winner"] as? String == "ITA")
        #expect(four["replay"] as? [String: Int] == ["match": 5, "home": 2, "away": 0])
        #expect(matches.filter { $0["number"] as? Int != 4 }.allSatisfy { $0["replay"] is NSNull })
    }
}
