import Foundation
import ObjectGraph

/// The planner's data model (`Resources/EM.xcdatamodeld`), compiled into the binary.
public enum PlannerModel {
    /// Loads the model and registers the generated classes (`Team`, `Player`, ...).
    ///
    /// The model's regular expressions are not compiled here: every `em` command loads the
    /// model, and the first pattern compiled costs a quarter of a `list`'s start-up. The tests
    /// build the same XML with the check (`PlannerModelTests`).
    ///
    /// - Throws: ``ModelError`` if the embedded model is broken (a build defect).
    public static func load() throws -> ManagedObjectModel {
        let model = try ManagedObjectModel(xml: xml, checkingPatterns: false)
        try model.register(EMClasses.all)
        return model
    }

    /// The model's XML (`Resources/EM.xcdatamodeld/EM.xcdatamodel/contents`).
    static var xml: Data { Data(PackageResources.contents) }

    /// The bundled EURO 2012 setup (`Resources/setup.plist`).
    public static var bundledSetup: Data { Data(PackageResources.setup_plist) }
}
