import Foundation
import ObjectGraph

/// The planner's data model (`Resources/EM.xcdatamodeld`), compiled into the binary.
public enum PlannerModel {
    /// Loads the model and registers the generated classes (`Team`, `Player`, ...).
    ///
    /// - Throws: ``ModelError`` if the embedded model is broken (a build defect).
    public static func load() throws -> ManagedObjectModel {
        let model = try ManagedObjectModel(xml: Data(PackageResources.contents))
        try model.register(EMClasses.all)
        return model
    }

    /// The bundled EURO 2012 setup (`Resources/setup.plist`).
    public static var bundledSetup: Data { Data(PackageResources.setup_plist) }
}
