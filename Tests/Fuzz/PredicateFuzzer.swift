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
        model = try FuzzGraph.model()
        let directory = try FuzzGraph.emptyDirectory(named: "predicate-store")
        let onDisk = PersistentStoreCoordinator(model: model)
        try onDisk.addPersistentStore(.sqlite(directory.appending(path: "store.sqlite")))
        let inMemory = PersistentStoreCoordinator(model: model)
        try inMemory.addPersistentStore(.inMemory)
        for coordinator in [onDisk, inMemory] {
            let context = ManagedObjectContext(coordinator: coordinator)
            try FuzzGraph.insert(into: context)
            try context.save()
        }
        sqlite = ManagedObjectContext(coordinator: onDisk)
        memory = ManagedObjectContext(coordinator: inMemory)
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
