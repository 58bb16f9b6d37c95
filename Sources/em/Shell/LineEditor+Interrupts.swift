import CEditLine
import Foundation

/// Ctrl-C at the prompt: it drops the line being typed, and em goes on.
///
/// The terminal turns Ctrl-C into SIGINT, which would end em and lose the shell's unsaved
/// changes. Its handler here only writes a byte into a pipe, which the prompt watches beside
/// the terminal while it waits for a key: libedit's `readline` then ends, and
/// ``readLine(prompt:)`` says the line was interrupted. libedit reads keys with
/// ``readCharacter(from:)``, as its own reader would wait on through a signal.
extension LineEditor {
    /// The pipe SIGINT's handler writes into: its two ends, both non-blocking; `nil` if the
    /// system gave none, and SIGINT then ends em as usual.
    private static let interruptPipe: (reading: Int32, writing: Int32)? = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }()

    /// Whether a key was read since the prompt was last shown: Ctrl-C on a line nothing was
    /// typed on says how to leave.
    nonisolated(unsafe) private(set) static var hasReadKey = false

    /// Makes SIGINT write into ``interruptPipe`` instead of ending em, and libedit read keys
    /// with ``readCharacter(from:)``; before libedit's first call.
    ///
    /// The handler restarts the calls it interrupts (`SA_RESTART`): a command running when
    /// Ctrl-C is pressed goes on, and the next prompt forgets the key (``takeInterrupt()``).
    /// `poll`, where the prompt waits, returns at any signal.
    static func catchInterrupts() {
        em_rl_set_getc_function { stream in LineEditor.readCharacter(from: stream) }
        guard interruptPipe != nil else { return }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            guard let pipe = LineEditor.interruptPipe else { return }
            let savedErrno = errno
            var byte: UInt8 = 0
            _ = write(pipe.writing, &byte, 1)
            errno = savedErrno
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        // A parent may have started em with SIGINT blocked (Foundation's `Process` passes on
        // its thread's mask): Ctrl-C would then do nothing at all.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }

    /// Whether Ctrl-C was pressed since the last call.
    static func takeInterrupt() -> Bool {
        guard let pipe = interruptPipe else { return false }
        var byte: UInt8 = 0
        var wasPressed = false
        while read(pipe.reading, &byte, 1) == 1 { wasPressed = true }
        return wasPressed
    }

    /// Forgets a Ctrl-C pressed while no line was read (while a command ran), and the keys
    /// of the line before: a new prompt is shown.
    static func prepareForLine() {
        _ = takeInterrupt()
        hasReadKey = false
    }

    /// libedit's key reader (`rl_getc_function`): the next character typed on `stream`, as
    /// a Unicode scalar value; -1 when Ctrl-C is pressed first, at the end of input, or on an
    /// error, which ends libedit's `readline` without a line.
    ///
    /// Bytes are decoded as UTF-8, the encoding everything em reads is in; an invalid
    /// sequence is skipped.
    private static func readCharacter(from stream: UnsafeMutablePointer<FILE>?) -> Int32 {
        guard let stream else { return -1 }
        let terminal = fileno(stream)
        while true {
            guard let lead = readByte(from: terminal) else { return -1 }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            var bytes = [lead]
            while bytes.count < length {
                guard let next = readByte(from: terminal) else { return -1 }
                bytes.append(next)
            }
            if let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first {
                hasReadKey = true
                return Int32(scalar.value)
            }
        }
    }

    /// The next byte typed on `terminal`, waiting for it; `nil` when Ctrl-C is pressed
    /// first, at the end of input, or on an error.
    private static func readByte(from terminal: Int32) -> UInt8? {
        var sources = [
            pollfd(fd: terminal, events: Int16(POLLIN), revents: 0),
            pollfd(fd: interruptPipe?.reading ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        while poll(&sources, 2, -1) < 0 {
            guard errno == EINTR else { return nil }
        }
        guard sources[1].revents == 0 else { return nil }
        var byte: UInt8 = 0
        return read(terminal, &byte, 1) == 1 ? byte : nil
    }
}
