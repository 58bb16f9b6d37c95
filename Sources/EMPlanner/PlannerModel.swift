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
        let model = try ManagedObjectModel(versions: versions, current: currentVersion, checkingPatterns: false)
        try model.register(EMClasses.all)
        return model
    }

    /// Every version of the model (`Resources/EM.xcdatamodeld`), oldest first: a store written
    /// by an earlier em migrates when it is opened.
    static var versions: [ModelVersion] {
        [
            ModelVersion(name: "EM", xml: Data(PackageResources.EM_xml)),
            ModelVersion(name: "EM 2", xml: Data(PackageResources.EM_2_xml)),
            ModelVersion(name: "EM 3", xml: Data(PackageResources.EM_3_xml)),
        ]
    }

    /// The name of the current version.
    static let currentVersion = "EM 3"

    /// The current version's XML.
    static var xml: Data { Data(PackageResources.EM_3_xml) }

    /// The version of ObjectGraph the planner is built on, such as `1.0`.
    public static var frameworkVersion: String { ObjectGraphInfo.version }
}
