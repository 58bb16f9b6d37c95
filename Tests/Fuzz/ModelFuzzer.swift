// libFuzzer target for `make fuzz FUZZ=model`, a client of the public API (built by the
// Makefile, not SwiftPM): each input is an Xcode model file (`contents`). Whatever reads as a model is
// given an in-memory store and a SQLite store, an object of every concrete entity, a save and a
// fetch of every entity. A model that reads must make both stores, and every entity must fetch
// from them; other errors (a save that fails validation) are fine. A crash stops the fuzzer
// with the input saved.
//
// Every SQLite store is a new store UUID, and a process tells at most 65,535 of them apart:
// after that many models, opening a store throws and only the reader is fuzzed. A model that
// reads is never freed, as its entities are not (see `EntityDescription`), so the process
// grows by about 10 KB per model; the Makefile raises libFuzzer's memory limit for this target.

import Foundation
import ObjectGraph

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModel(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let model = try? ManagedObjectModel(xml: Data(bytes: bytes, count: count)) else { return 0 }
    let directory = FileManager.default.temporaryDirectory.appending(path: "og-fuzz-model-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    for location in [PersistentStoreCoordinator.StoreLocation.inMemory, .sqlite(directory.appending(path: "store.sqlite"))] {
        let coordinator = PersistentStoreCoordinator(model: model)
        do {
            try coordinator.addPersistentStore(location)
        } catch StoreError.tooManyStores {
            continue
        } catch {
            // A model that reads must make a store: the checks that build it are the promise.
            fatalError("a model that reads makes no \(location) store: \(error)")
        }
        let context = ManagedObjectContext(coordinator: coordinator)
        for entity in model.entities where !entity.isAbstract {
            _ = try? context.insertNewObject(forEntityName: entity.name)
        }
        _ = try? context.save()
        let reader = ManagedObjectContext(coordinator: coordinator)
        for entity in model.entities {
            do {
                _ = try reader.fetch(FetchRequest<ManagedObject>(entityName: entity.name))
            } catch {
                fatalError("fetching \(entity.name) from a new \(location) store failed: \(error)")
            }
        }
    }
    return 0
}
