import Testing

@testable import EMPlanner

/// Reading and printing knockout slot labels.
@Suite("Engine: slot labels")
struct SlotLabelTests {
    @Test(
        "Labels parse and print back",
        arguments: [
            ("1A", SlotLabel.groupPosition(1, group: "A")),
            ("2B", .groupPosition(2, group: "B")),
            ("3A", .groupPosition(3, group: "A")),
            ("12F", .groupPosition(12, group: "F")),
            ("3A/C/D", .thirdPlaced(groups: ["A", "C", "D"])),
            ("3A/B/C/D", .thirdPlaced(groups: ["A", "B", "C", "D"])),
            ("3D/A", .thirdPlaced(groups: ["D", "A"])),
            ("W45", .winner(of: 45)),
            ("L49", .loser(of: 49)),
            ("Q3", .qualifier(3)),
        ])
    func parses(text: String, label: SlotLabel) throws {
        #expect(try SlotLabel(parsing: text) == label)
        #expect(label.description == text)
    }

    @Test("Lower-case letters are read as upper case")
    func lowerCase() throws {
        #expect(try SlotLabel(parsing: "w45") == .winner(of: 45))
        #expect(try SlotLabel(parsing: "3a/c/d").description == "3A/C/D")
        #expect(try SlotLabel(parsing: "2b") == .groupPosition(2, group: "B"))
    }

    @Test(
        "Bad text is a typed error that quotes it",
        arguments: [
            ("", SlotLabelError.empty),
            ("W", .malformed("W")),
            ("L", .malformed("L")),
            ("W4a", .malformed("W4a")),
            ("W-1", .malformed("W-1")),
            ("W0", .matchNumberZero("W0")),
            ("Q0", .positionZero("Q0")),
            ("Q", .malformed("Q")),
            ("1", .malformed("1")),
            ("A1", .malformed("A1")),
            ("1AB", .malformed("1AB")),
            (" 1A", .malformed(" 1A")),
            ("1A ", .malformed("1A ")),
            ("0A", .positionZero("0A")),
            ("3A//C", .malformed("3A//C")),
            ("3A/", .malformed("3A/")),
            ("3Ä/B", .malformed("3Ä/B")),
            ("2A/B", .choiceNotThird("2A/B")),
            ("3A/C/A", .repeatedGroup("3A/C/A", group: "A")),
            ("W99999999999999999999999", .malformed("W99999999999999999999999")),
        ])
    func rejects(text: String, error: SlotLabelError) {
        #expect(throws: error) { try SlotLabel(parsing: text) }
    }

    @Test("Error messages quote the text")
    func messages() {
        #expect(SlotLabelError.malformed("X9").description == "slot label \"X9\" is not 1A, 3A/C/D, W45 or L49 in form")
        #expect(SlotLabelError.repeatedGroup("3A/A", group: "A").description == "slot label \"3A/A\" names group A twice")
    }
}
