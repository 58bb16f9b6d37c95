import Foundation
import Testing

@testable import ObjectGraph

/// Undefined attributes (Core Data's `NSUndefinedAttributeType`, written by Xcode with no
/// `attributeType`): transient only, holding any value in memory.
@Suite("Undefined attributes")
struct UndefinedAttributeTests {
    static func model(transient: Bool) throws(ModelError) -> ManagedObjectModel {
        let xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Sketch" representedClassName="Sketch">
                    <attribute name="title" attributeType="String"/>
                    <attribute name="scratch" optional="YES" \(transient ? "transient=\"YES\"" : "attributeType=\"Undefined\"")/>
                </entity>
            </model>
            """
        return try ManagedObjectModel(xml: Data(xml.utf8))
    }

    @Test("A transient attribute without a type holds any value, and nothing of it is saved", arguments: StoreKind.allCases)
    func holdsAnyValue(kind: StoreKind) throws {
        let model = try Self.model(transient: true)
        #expect(model.entity(named: "Sketch")?.attributesByName["scratch"]?.attributeType == .undefined)
        let stack = try TestStack(kind, model: model)
        let sketch = try stack.context.make("Sketch", ["title": "plan"])
        for value in ["words", 42, 2.5, Data([1, 2]), Date(timeIntervalSinceReferenceDate: 0)] as [Any] {
            try sketch.setValue(value, forKey: "scratch")
            #expect(try sketch.value(forKey: "scratch").map { "\($0)" } == "\(value)")
        }
        try stack.context.save()
        #expect(try sketch.value(forKey: "scratch") as? Date == Date(timeIntervalSinceReferenceDate: 0))
        let fetched = try #require(try stack.newContext().fetch(FetchRequest<ManagedObject>(entityName: "Sketch")).first)
        #expect(try fetched.value(forKey: "scratch") == nil)
    }

    @Test("A stored attribute of type Undefined is refused, naming it")
    func storedIsRefused() {
        #expect {
            try Self.model(transient: false)
        } throws: { error in
            guard let error = error as? ModelError, case .storedUndefinedAttribute = error.reason else { return false }
            return "\(error)".contains("entity 'Sketch', property 'scratch'") && "\(error)".contains("only a transient attribute")
        }
    }
}
