import Testing

@testable import em

/// What Tab offers at the shell's prompt (`ShellCompletion`), without a terminal: the
/// shell's grammar, with teams, matches and groups given here.
@Suite("Shell completion")
struct ShellCompletionTests {
    /// Completion of the shell's grammar offering three teams, four matches and two groups.
    let completion = ShellCompletion(grammar: ShellGrammar.self) { value in
        switch value {
        case .team: ["GER", "GRE", "POR"]
        case .match: ["1", "2", "12", "31"]
        case .group: ["A", "B"]
        }
    }

    @Test("The first word completes to commands, the shell's own among them, and their aliases")
    func commands() {
        #expect(completion.candidates(for: "stand", after: []) == ["standings"])
        #expect(completion.candidates(for: "re", after: []).contains("result"))
        #expect(completion.candidates(for: "re", after: []).contains("redo"))
        for builtin in ["save", "quit", "exit", "undo", "changes", "rollback", "refresh"] {
            #expect(completion.candidates(for: String(builtin.prefix(3)), after: []).contains(builtin), "\(builtin)")
        }
        #expect(completion.candidates(for: "", after: []).contains("list"))
        #expect(completion.candidates(for: "zz", after: []).isEmpty)
    }

    @Test("After a command with subcommands, its subcommands")
    func subcommands() {
        #expect(completion.candidates(for: "", after: ["show"]).sorted() == ["match", "team"])
        #expect(completion.candidates(for: "a", after: ["schedule"]) == ["add"])
    }

    @Test("A word starting with a dash completes to the long options of the command typed, never --store")
    func options() {
        #expect(completion.candidates(for: "--gi", after: ["set-coach"]) == ["--given"])
        #expect(completion.candidates(for: "--f", after: ["quit"]) == ["--force"])
        #expect(completion.candidates(for: "--te", after: ["schedule", "show"]) == ["--team"])
        #expect(completion.candidates(for: "--t", after: ["schedule"]) == ["--tz", "--team"])
        #expect(!completion.candidates(for: "--", after: ["list", "teams"]).contains("--store"))
        #expect(completion.candidates(for: "--", after: ["list", "teams"]).contains("--where"))
    }

    @Test("Team codes where a team goes, as option value or argument, whatever the case typed")
    func teams() {
        #expect(completion.candidates(for: "G", after: ["set-coach", "--team"]) == ["GER", "GRE"])
        #expect(completion.candidates(for: "po", after: ["schedule", "add", "--home", "GER", "--away"]) == ["POR"])
        #expect(completion.candidates(for: "", after: ["goal", "12"]) == ["GER", "GRE", "POR"])
        #expect(completion.candidates(for: "G", after: ["official-order", "A", "POR"]) == ["GER", "GRE"])
    }

    @Test("Match ids where a match goes")
    func matches() {
        #expect(completion.candidates(for: "1", after: ["result"]) == ["1", "12"])
        #expect(completion.candidates(for: "3", after: ["show", "match"]) == ["31"])
        #expect(completion.candidates(for: "", after: ["card"]) == ["1", "2", "12", "31"])
        #expect(completion.candidates(for: "", after: ["goal", "--dry-run"]) == ["1", "2", "12", "31"])
    }

    @Test("Group names where a group goes, the values of options that take a fixed few, nothing for others")
    func groupsAndOthers() {
        #expect(completion.candidates(for: "", after: ["standings", "--group"]) == ["A", "B"])
        #expect(completion.candidates(for: "", after: ["official-order"]) == ["A", "B"])
        #expect(completion.candidates(for: "c", after: ["standings", "--format"]) == ["csv"])
        #expect(completion.candidates(for: "", after: ["set-coach", "--name"]).isEmpty)
        #expect(completion.candidates(for: "", after: ["result", "12"]).isEmpty)
    }
}
