import CLibPQRaw
import Foundation

/// The raw libpq baseline: a connection, statements prepared once, parameters as text, and a
/// batch of statements sent in pipeline mode: what a program using libpq directly would
/// write, with nothing of ObjectGraph.
final class RawPostgreSQL {
    let connection: OpaquePointer
    private var prepared: [String: String] = [:]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ url: String) throws {
        guard let connection = PQconnectdb(url), PQstatus(connection) == CONNECTION_OK else {
            throw Failure(description: "cannot connect to \(url)")
        }
        self.connection = connection
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit { PQfinish(connection) }

    /// Runs SQL without parameters (several statements allowed).
    func execute(_ sql: String) throws {
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        try check(result)
    }

    /// Runs a prepared statement with text parameters; the result, to be cleared.
    func query(_ sql: String, _ parameters: [String?] = []) throws -> OpaquePointer {
        let name = try statementName(sql, count: parameters.count)
        let result = withParameters(parameters) { PQexecPrepared(connection, name, Int32(parameters.count), $0, nil, nil, 0) }
        do {
            try check(result)
        } catch {
            PQclear(result)
            throw error
        }
        return result!
    }

    /// Runs prepared statements in one pipeline; the rows each changed.
    @discardableResult
    func pipeline(_ sql: String, _ rows: [[String?]]) throws -> [Int] {
        let name = try statementName(sql, count: rows.first?.count ?? 0)
        guard PQenterPipelineMode(connection) == 1 else { throw Failure(description: "no pipeline mode") }
        for parameters in rows {
            _ = withParameters(parameters) {
                PQsendQueryPrepared(connection, name, Int32(parameters.count), $0, nil, nil, 0)
            }
        }
        PQpipelineSync(connection)
        var changed: [Int] = []
        var failure: Failure?
        for _ in rows {
            let result = PQgetResult(connection)
            if failure == nil, PQresultStatus(result) != PGRES_COMMAND_OK, PQresultStatus(result) != PGRES_TUPLES_OK {
                failure = Failure(description: String(cString: PQresultErrorMessage(result)))
            }
            changed.append(Int(String(cString: PQcmdTuples(result))) ?? 0)
            PQclear(result)
            while let extra = PQgetResult(connection) { PQclear(extra) }
        }
        while let result = PQgetResult(connection) {
            let status = PQresultStatus(result)
            PQclear(result)
            if status == PGRES_PIPELINE_SYNC { break }
        }
        PQexitPipelineMode(connection)
        if let failure { throw failure }
        return changed
    }

    private func statementName(_ sql: String, count: Int) throws -> String {
        if let name = prepared[sql] { return name }
        let name = "raw\(prepared.count)"
        let result = PQprepare(connection, name, sql, Int32(count), nil)
        defer { PQclear(result) }
        try check(result)
        prepared[sql] = name
        return name
    }

    private func withParameters<R>(_ parameters: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    private func check(_ result: OpaquePointer?) throws {
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw Failure(description: String(cString: PQresultErrorMessage(result)))
        }
    }
}

/// Reading a result's text fields.
extension OpaquePointer {
    var rowCount: Int32 { PQntuples(self) }
    func text(_ row: Int32, _ column: Int32) -> String { String(cString: PQgetvalue(self, row, column)) }
    func int(_ row: Int32, _ column: Int32) -> Int64 { Int64(text(row, column)) ?? 0 }
    func clear() { PQclear(self) }
}
