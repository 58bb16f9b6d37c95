// libFuzzer target for `make fuzz FUZZ=predicate`, a client of the public API (built by the
// Makefile, not SwiftPM): each input is a predicate format string. Whatever parses must
//  - print (`description`) as a string that parses back to the same predicate;
//  - fetch the same objects from a SQLite store and an in-memory store holding the same graph,
//    for every entity of the test model, and count as many as it fetches;
//  - fetch in batches what it fetches at once.
// Errors are fine; a crash or a disagreement stops the fuzzer with the input saved.

import Foundation
import ObjectGraph

/// The two stores the predicates run against, made once per process.
private final class FuzzedStores {
    let model: ManagedObjectModel
    let sqlite: ManagedObjectContext
    let memory: ManagedObjectContext

    init() throws {
        let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../ObjectGraphTests/Fixtures")
        model = try ManagedObjectModel(contentsOf: fixtures.appending(path: "Tournament.xcdatamodeld"))
        // In the fuzzer's build folder, made anew by each run (`make clean` removes it).
        let directory = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../.build-fuzz/predicate-store")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let onDisk = PersistentStoreCoordinator(model: model)
        try onDisk.addPersistentStore(.sqlite(directory.appending(path: "store.sqlite")))
        let inMemory = PersistentStoreCoordinator(model: model)
        try inMemory.addPersistentStore(.inMemory)
        for coordinator in [onDisk, inMemory] {
            let context = ManagedObjectContext(coordinator: coordinator)
            try Self.insertGraph(into: context)
            try context.save()
        }
        sqlite = ManagedObjectContext(coordinator: onDisk)
        memory = ManagedObjectContext(coordinator: inMemory)
    }

    /// A small graph with the values predicates trip over: case and diacritic variants, LIKE
    /// wildcards, a NUL, missing values, NaN, negative and fractional numbers.
    private static func insertGraph(into context: ManagedObjectContext) throws {
        @discardableResult
        func make(_ entity: String, _ values: [String: Any?]) throws -> ManagedObject {
            let object = try context.insertNewObject(forEntityName: entity)
            for (key, value) in values { try object.setValue(value, forKey: key) }
            return object
        }
        let groups = try ["A", "b"].map { try make("Group", ["name": $0]) }
        let teams = try ["Polen", "Éire", "T12a", "Ünited", "ab%_c", "x\u{0}y"].enumerated().map { index, name in
            try make(
                "Team",
                [
                    "name": name, "code": ["POL", "IRL", "TAB", "UNI", "ABC", "XYZ"][index], "rating": Double(index) * 1.5,
                    "budget": Decimal(index) * Decimal(string: "10.25")!,
                    "founded": Date(timeIntervalSinceReferenceDate: Double(index) * 86_400 - 1e6),
                    "group": index == 4 ? nil : groups[index % 2],
                ])
        }
        var players: [ManagedObject] = []
        for index in 0..<14 {
            players.append(
                try make(
                    "Player",
                    [
                        "name": ["Lewandowski", "Müller", "mu\u{308}ller", "O'Neil", "Łukasz", "ab", "STRASSE"][index % 7],
                        "givenName": index % 3 == 0 ? nil : "G\(index)", "number": Int16(1 + index * 7 % 24),
                        "position": ["GK", "DF", "MF", "FW"][index % 4],
                        "born": index % 4 == 1 ? nil : Date(timeIntervalSinceReferenceDate: Double(index) * -3e7),
                        "team": index % 7 == 6 ? nil : teams[index % teams.count],
                    ]))
        }
        for index in 0..<2 {
            try make("Coach", ["name": "Coach\(index)", "givenName": "C", "team": teams[index]])
            try make(
                "Match",
                [
                    "homeTeam": teams[index], "awayTeam": teams[index + 1], "homeGoals": Int16(index),
                    "awayGoals": index == 1 ? nil : Int16(2), "venue": "Warszawa",
                    "kickoff": Date(timeIntervalSinceReferenceDate: 1e8),
                ])
            try make("Sponsor", ["name": "S\(index)"]).setValue(Set(players.prefix(3 + index * 4)), forKey: "players")
        }
        for index in 0..<4 {
            try make(
                "Sample",
                [
                    "binary": Data([UInt8(index), 0, 2]), "boolean": index % 2 == 0, "count": Int32(index * 1000 - 1),
                    "date": Date(timeIntervalSinceReferenceDate: Double(index)), "decimal": Decimal(string: "\(index).5")!,
                    "double": index == 3 ? Double.nan : Double(index) / 3, "float": Float(index) * 0.25,
                    "string": index == 2 ? nil : "str\(index)", "uri": URL(string: "https://e.org/\(index)"),
                    "uuid": UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index)"),
                ])
        }
    }
}

nonisolated(unsafe) private var fuzzedStores: FuzzedStores?

/// The stored attributes of `objects`, one line each, sorted; NaN reads as nil (SQLite stores
/// NaN as NULL).
private func contents(_ objects: some Sequence<ManagedObject>) -> [String] {
    objects.map { object in
        object.entity.attributes.filter { !$0.isTransient }.map { attribute in
            let value = try? object.value(forKey: attribute.name)
            if let double = value as? Double, double.isNaN { return "\(attribute.name)=nil" }
            return "\(attribute.name)=\(value.map { "\($0)" } ?? "nil")"
        }.joined(separator: ",")
    }.sorted()
}

/// Stops the fuzzer, saying what disagreed.
private func disagreement(_ what: String, _ text: String, _ first: Any, _ second: Any) -> Never {
    FileHandle.standardError.write(Data("\(what) for \(text.debugDescription)\n  \(first)\n  \(second)\n".utf8))
    fatalError(what)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPredicate(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    if fuzzedStores == nil {
        do { fuzzedStores = try FuzzedStores() } catch { fatalError("cannot make the stores: \(error)") }
    }
    let stores = fuzzedStores!
    let text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard let predicate = try? FetchPredicate(format: text) else { return 0 }
    let reparsed = try? FetchPredicate(format: predicate.description)
    if reparsed != predicate { disagreement("description does not parse back", text, predicate, reparsed as Any) }

    for entity in stores.model.entities {
        let request = FetchRequest<ManagedObject>(entityName: entity.name, predicate: predicate)
        guard let fetched = try? stores.sqlite.fetch(request) else { continue }
        if let count = try? stores.sqlite.count(for: request), count != fetched.count {
            disagreement("count differs from fetch on \(entity.name)", text, count, fetched.count)
        }
        if let batched = try? stores.sqlite.fetch(request, batchSize: 3), contents(batched) != contents(fetched) {
            disagreement("batched fetch differs on \(entity.name)", text, contents(batched), contents(fetched))
        }
        if let inMemory = try? stores.memory.fetch(request), contents(inMemory) != contents(fetched) {
            disagreement("stores differ on \(entity.name)", text, contents(fetched), contents(inMemory))
        }
    }
    return 0
}
