import Foundation
import TestSupport
import Testing

@testable import em

/// The file of the shell's history (`ShellHistory`), without a terminal.
@Suite("Shell history")
struct ShellHistoryTests {
    @Test("The file is in $XDG_STATE_HOME, else in ~/.local/state")
    func userFile() {
        #expect(ShellHistory.userFile(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path == "/s/em/history")
        #expect(ShellHistory.userFile(environment: ["XDG_STATE_HOME": "", "HOME": "/h"]).path == "/h/.local/state/em/history")
        #expect(ShellHistory.userFile(environment: ["HOME": "/h"]).path == "/h/.local/state/em/history")
    }

    @Test("Appended lines are loaded back, oldest first; the file and its directory are made")
    func appendAndLoad() throws {
        try TemporaryDirectory.with(prefix: "ShellHistoryTests") { directory in
            let history = ShellHistory(url: directory.appending(path: "state/em/history"))
            #expect(history.load().isEmpty)
            history.append("standings --group A")
            history.append("show team GER")
            #expect(ShellHistory(url: history.url).load() == ["standings --group A", "show team GER"])
        }
    }

    @Test("A file grown past the limit is cut to its newest lines")
    func limit() throws {
        try TemporaryDirectory.with(prefix: "ShellHistoryTests") { directory in
            let url = directory.appending(path: "history")
            let lines = (1...ShellHistory.limit + 5).map { "show match \($0)" }
            try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url)
            let loaded = ShellHistory(url: url).load()
            #expect(loaded == Array(lines.suffix(ShellHistory.limit)))
            #expect(try String(contentsOf: url, encoding: .utf8) == loaded.map { $0 + "\n" }.joined())
        }
    }
}
