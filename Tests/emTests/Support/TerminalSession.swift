import Foundation

/// The built `em` run on a pseudo-terminal, as a person at a terminal runs it: what is typed
/// goes in as keys, and what em writes (standard output and error, and the line editor's
/// echo) comes back as the screen's text.
final class TerminalSession {
    /// The em process.
    private let process = Process()
    /// The terminal's controlling side: keys are written to it, the screen read from it.
    private let controller: Int32
    /// The bytes em wrote to the terminal so far.
    private var output: [UInt8] = []

    /// Everything em wrote to the terminal so far.
    var screen: String { String(decoding: output, as: UTF8.self) }

    /// Starts `em ARGUMENTS` on a new 80×24 terminal of type `xterm`.
    ///
    /// em runs in a session of its own whose controlling terminal this is (`setsid --ctty`), as
    /// in a person's terminal window: Ctrl-C sends it SIGINT, and nothing else.
    ///
    /// As with ``EMProcess``, `EM_STORE`, `TZ` and `COLUMNS` are removed from the environment
    /// and `XDG_DATA_HOME` points into `home`; so does `XDG_STATE_HOME`, where the shell keeps
    /// its history. The terminal is 80 columns wide.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after `em`.
    ///   - home: A directory for the files em may create by default.
    init(_ arguments: [String], home: URL) throws {
        var controller: Int32 = 0
        var terminal: Int32 = 0
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&controller, &terminal, nil, nil, &size) == 0 else { throw POSIXError(.ENOTTY) }
        self.controller = controller
        let terminalHandle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        defer { close(terminal) }
        process.executableURL = URL(filePath: "/usr/bin/setsid")
        process.arguments = ["--ctty", "--wait", EMProcess.binary.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        for name in ["EM_STORE", "TZ", "COLUMNS"] { environment[name] = nil }
        environment["XDG_DATA_HOME"] = home.appending(path: "xdg").path
        environment["XDG_STATE_HOME"] = Self.stateHome(in: home).path
        environment["TERM"] = "xterm"
        process.environment = environment
        process.standardInput = terminalHandle
        process.standardOutput = terminalHandle
        process.standardError = terminalHandle
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(controller)
    }

    /// The state directory (`XDG_STATE_HOME`) of sessions started with `home`.
    static func stateHome(in home: URL) -> URL {
        home.appending(path: "state")
    }

    /// Sends `keys` as typed: `\r` is Enter, `\t` Tab, `\u{03}` Ctrl-C, `\u{04}` Ctrl-D, `\u{1B}[A` the Up
    /// arrow.
    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Reads the screen until `text` appears on it `count` times in all.
    ///
    /// - Returns: Whether it did within `timeout`.
    func waitFor(_ text: String, count: Int = 1, timeout: Duration = .seconds(20)) -> Bool {
        read(until: { $0.screen.components(separatedBy: text).count > count }, timeout: timeout)
    }

    /// Reads the screen until it ends with `prompt` and the terminal no longer reads whole
    /// lines: em waits for a line in its line editor. (libedit prints the prompt before it
    /// sets the terminal up; a Ctrl-D typed in between is lost, as it is to a person.)
    ///
    /// - Returns: Whether it did within `timeout`.
    func waitForPrompt(_ prompt: String = "em> ", timeout: Duration = .seconds(20)) -> Bool {
        read(until: { $0.screen.hasSuffix(prompt) && !$0.readsWholeLines }, timeout: timeout)
    }

    /// Whether the terminal is in canonical mode, reading whole lines (the terminal's side
    /// and em's share one setting).
    private var readsWholeLines: Bool {
        var settings = termios()
        return tcgetattr(controller, &settings) != 0 || settings.c_lflag & tcflag_t(ICANON) != 0
    }

    /// Types Ctrl-D at an empty prompt and reads the screen until em exits, typing it again
    /// every 10 seconds while em runs, after Ctrl-U (which empties the line).
    ///
    /// On a loaded machine a key typed just as the line editor takes the terminal can be
    /// dropped, or taken as a character: libedit then shows `^D` on the line, and a Ctrl-D
    /// only ends em on an empty line. CI met both.
    ///
    /// - Returns: em's exit status, or `nil` if it is still running after `attempts` tries.
    func endWithControlD(attempts: Int = 6) -> Int32? {
        for attempt in 0..<attempts {
            type(attempt == 0 ? "\u{04}" : "\u{15}\u{04}")
            if let status = waitForExit(timeout: .seconds(10)) { return status }
        }
        return nil
    }

    /// Reads the screen until em exits.
    ///
    /// - Returns: em's exit status, or `nil` if it is still running after `timeout`.
    func waitForExit(timeout: Duration = .seconds(20)) -> Int32? {
        guard read(until: { !$0.process.isRunning }, timeout: timeout) else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Reads what em writes until `done` holds or `timeout` passes.
    private func read(until done: (TerminalSession) -> Bool, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !done(self) {
            guard ContinuousClock.now < deadline else { return false }
            var input = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&input, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(controller, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[..<count]
            } else {
                // The terminal is closed on em's side: em has ended.
                usleep(10_000)
            }
        }
        return true
    }
}
