import Foundation
import ObjectGraphPostgreSQL
import SeededRandom
import Synchronization

/// em on a PostgreSQL server of its own, started with `Scripts/postgres-cluster`.
///
/// Writers at once with colliding keys, em killed mid-save, the server itself stopped (fast
/// and immediate) and restarted in the middle of saves, and malformed inputs
/// (``ServerInputPhase``). The store is read behind em's back with libpq.
struct ServerPhase {
    let context: StressContext
    /// The cluster script.
    let script: String

    /// Team codes the writers collide on.
    static let collidingCodes = ["QAA", "QBB", "QCC", "QDD", "QEE", "QFF"]

    func run(into report: inout StressReport) throws {
        let started = try shell("'\(script)' start").split(separator: "\n").map(String.init)
        guard started.count == 2 else { throw StressFailure(description: "no PostgreSQL server: \(started)") }
        let (folder, url) = (started[0], started[1])
        defer { _ = try? shell("'\(script)' stop '\(folder)' immediate") }
        let store = url + "?schema=stress"
        let made = context.runner.run(["init", "--store", store])
        guard made.succeeded else { throw StressFailure(description: "em init on the server: \(made.summary)") }
        try writers(store: store, url: url, into: &report)
        try kills(store: store, url: url, into: &report)
        try serverStops(store: store, url: url, folder: folder, into: &report)
        try ServerInputPhase(context: context, url: url).run(into: &report)
    }

    /// Runs a shell command, returning what it printed; popen, since Foundation's Process may
    /// wait forever for a child whose grandchild (the server) lives on.
    private func shell(_ command: String) throws -> String {
        guard let pipe = popen("\(command) 2>&1", "r") else { throw StressFailure(description: "cannot run \(command)") }
        var printed = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil {
            printed += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard pclose(pipe) == 0 else { throw StressFailure(description: "\(command) failed: \(printed)") }
        return printed
    }

    /// The rows of a query, as text.
    private func rows(_ url: String, _ sql: String, _ parameters: [PostgreSQLValue] = []) throws -> [[String?]] {
        let connection = try PostgreSQLConnection(url)
        try connection.execute("SET search_path TO stress")
        let result = try connection.execute(sql, parameters)
        return (0..<result.rowCount).map { row in (0..<result.columnCount).map { result.text(row, $0) } }
    }

    /// The score of a match, as the store holds it (`nil:nil` unplayed).
    private func score(_ url: String, match: Int) throws -> String {
        let found = try rows(
            url, "SELECT ZHOMEGOALS::text, ZAWAYGOALS::text FROM ZMATCH WHERE ZNUMBER = $1", [.integer(Int64(match))])
        guard let row = found.first else { return "no match" }
        return "\(row[0] ?? "nil"):\(row[1] ?? "nil")"
    }

    /// Processes at once adding teams with colliding codes and recording results of one match:
    /// one team per code, every success in the store, every failure one line.
    private func writers(store: String, url: String, into report: inout StressReport) throws {
        let options = context.options
        let writes = max(2, options.writes / 10)
        let outcomes = Mutex<[(name: String, code: String, outcome: EMOutcome)]>([])
        let runner = context.runner
        DispatchQueue.concurrentPerform(iterations: options.processes) { process in
            for write in 0..<writes {
                let code = Self.collidingCodes[(process + write) % Self.collidingCodes.count]
                let name = "Quux \(process) \(write)"
                let outcome =
                    write.isMultiple(of: 3)
                    ? runner.run(["result", "1", "\(process):\(write % 10)", "--store", store])
                    : runner.run(["add-team", "--code", code, "--name", name, "--store", store])
                outcomes.withLock { $0.append((name, code, outcome)) }
            }
        }
        let teams = try rows(url, "SELECT ZCODE, ZNAME FROM ZTEAM WHERE ZCODE LIKE 'Q%'")
        var byCode: [String: [String]] = [:]
        for team in teams { byCode[team[0] ?? "", default: []].append(team[1] ?? "") }
        for (code, names) in byCode where names.count > 1 {
            report.add(.duplicates, "server: code \(code) held by \(names.count) teams: \(names)")
        }
        for (name, code, outcome) in outcomes.withLock({ $0 }) {
            if let crash = outcome.crash { report.add(.crashes, "server writer: \(outcome.commandLine): \(crash)") }
            if outcome.succeeded, outcome.commandLine.contains("add-team"), byCode[code] != [name] {
                report.add(.lostWrites, "server: \(outcome.commandLine) succeeded, but \(code) is held by \(byCode[code] ?? [])")
            }
            if !outcome.succeeded, !outcome.hasOneErrorLine {
                report.add(.badRefusals, "server writer: \(outcome.commandLine): \(outcome.summary)")
            }
        }
        report.notes.append(
            "server writers: \(options.processes) × \(writes), \(outcomes.withLock { $0 }.count { $0.outcome.succeeded }) succeeded"
        )
    }

    /// em killed at random moments of a result's save: the match holds the score before or the
    /// score after, and the next command works.
    private func kills(store: String, url: String, into report: inout StressReport) throws {
        var generator = SeededGenerator(seed: context.options.seed, stream: 9)
        let count = max(5, context.options.kills / 10)
        var landed = 0
        for kill in 0..<count {
            let before = try score(url, match: 2)
            let new = "\(kill % 9):\(kill % 7)"
            let outcome = context.runner.run(
                ["result", "2", new, "--store", store], killAfter: Double.random(in: 0.002...0.06, using: &generator))
            if outcome.killed { landed += 1 }
            let after = try score(url, match: 2)
            if after != before, after != new {
                report.add(.tornStores, "server kill \(kill): match 2 was \(before), became \(after), neither that nor \(new)")
            }
            if outcome.succeeded, after != new {
                report.add(.phantomSuccesses, "server kill \(kill): \(outcome.commandLine) succeeded, match 2 is \(after)")
            }
            let read = context.runner.run(["show", "match", "2", "--store", store])
            if !read.succeeded { report.add(.unreadableStores, "server kill \(kill): then \(read.commandLine): \(read.summary)") }
        }
        report.notes.append("server kills of em: \(landed)/\(count) landed")
    }

    /// A stream of results while the server is stopped (fast, then immediate) and restarted:
    /// every result em reported saved is there, none half; failures are one line; the next
    /// command works.
    private func serverStops(store: String, url: String, folder: String, into report: inout StressReport) throws {
        var generator = SeededGenerator(seed: context.options.seed, stream: 10)
        let rounds = context.options.small ? 2 : 6
        for round in 0..<rounds {
            let mode = round.isMultiple(of: 2) ? "fast" : "immediate"
            let runner = context.runner
            let results = Mutex<[(score: String, outcome: EMOutcome)]>([])
            let done = Mutex(false)
            let writer = Thread {
                var goals = 0
                while !done.withLock({ $0 }) {
                    goals += 1
                    let score = "\(goals % 20):\(round)"
                    let outcome = runner.run(["result", "3", score, "--store", store])
                    results.withLock { $0.append((score, outcome)) }
                }
            }
            writer.start()
            Thread.sleep(forTimeInterval: Double.random(in: 0.1...0.5, using: &generator))
            _ = try shell("'\(script)' halt '\(folder)' \(mode)")
            Thread.sleep(forTimeInterval: 0.3)
            _ = try shell("'\(script)' restart '\(folder)'")
            Thread.sleep(forTimeInterval: 0.3)
            done.withLock { $0 = true }
            while writer.isExecuting || !writer.isFinished { Thread.sleep(forTimeInterval: 0.05) }
            let outcomes = results.withLock { $0 }
            let failed = outcomes.filter { !$0.outcome.succeeded }
            for (_, outcome) in failed where !outcome.hasOneErrorLine || outcome.crash != nil {
                report.add(.badRefusals, "server \(mode) stop: \(outcome.commandLine): \(outcome.summary)")
            }
            // Results are written one after another: the last that succeeded is the one held.
            if let last = outcomes.last(where: { $0.outcome.succeeded }) {
                let held = try score(url, match: 3)
                if held != last.score {
                    report.add(
                        .lostWrites, "server \(mode) stop: the last result saved was \(last.score), match 3 holds \(held)")
                }
            }
            let next = runner.run(["show", "match", "3", "--store", store])
            if !next.succeeded { report.add(.unreadableStores, "server \(mode) stop: then \(next.commandLine): \(next.summary)") }
            report.notes.append(
                "server \(mode) stop \(round + 1): \(outcomes.count - failed.count) results saved, \(failed.count) refused while it was down"
            )
        }
    }
}
