// libFuzzer target for `make fuzz FUZZ=setup`, a client of the planner's public API (built by
// the Makefile, not SwiftPM): each input is a setup property list. Whatever reads as a setup
// must write a property list that reads back to the same setup, and seed an in-memory store
// whose exported setup seeds another one. Errors are fine; a crash or a disagreement stops the
// fuzzer with the input saved.

import EMPlanner
import Foundation

/// Stops the fuzzer, saying what went wrong.
private func failure(_ what: String, _ detail: Any) -> Never {
    FileHandle.standardError.write(Data("\(what)\n  \(detail)\n".utf8))
    fatalError(what)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSetup(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let setup = try? SetupData(plist: Data(bytes: bytes, count: count), source: "input") else { return 0 }
    do {
        let reread = try SetupData(plist: try setup.plistData(), source: "written")
        if reread != setup { failure("the written property list reads back different", (setup, reread)) }
    } catch {
        failure("the written property list does not read back", error)
    }
    do {
        let tournament = try Tournament(store: .memory)
        try tournament.interchange.seed(from: setup)
        let exported = try tournament.interchange.exportSetup()
        try Tournament(store: .memory).interchange.seed(from: exported)
    } catch {
        // A setup that reads may still be refused by the store; that is an error, not a crash.
        return 0
    }
    return 0
}
