import Foundation
import ObjectGraph

/// The planner's data model (`Resources/EM.xcdatamodeld`), compiled into the binary.
public enum PlannerModel {
    /// Loads the model and registers the generated classes (`Team`, `Player`, ...).
    ///
    /// The current version is compiled (`Generated/EMModel.swift`, which `make generate` writes
    /// with og-codegen): every `em` command loads the model, and building it from descriptions
    /// reads no XML. The older versions stay XML, read only to migrate a store of theirs. The
    /// model's regular expressions are not compiled here either: the first pattern compiled
    /// costs a quarter of a `list`'s start-up. The tests build the XML with the check and
    /// compare the two (`PlannerModelTests`).
    ///
    /// - Throws: ``ModelError`` if the compiled model is broken (a build defect).
    public static func load() throws -> ManagedObjectModel {
        let model = try EMModel.make(olderVersions: olderVersions)
        try model.register(EMClasses.all)
        return model
    }

    /// The versions before the current one, oldest first: a store written by an earlier em
    /// migrates when it is opened.
    static var olderVersions: [ModelVersion] {
        [
            ModelVersion(name: "EM", xml: Data(PackageResources.EM_xml)),
            ModelVersion(name: "EM 2", xml: Data(PackageResources.EM_2_xml)),
            ModelVersion(name: "EM 3", xml: Data(PackageResources.EM_3_xml)),
            ModelVersion(name: "EM 4", xml: Data(PackageResources.EM_4_xml)),
            ModelVersion(name: "EM 5", xml: Data(PackageResources.EM_5_xml)),
            ModelVersion(name: "EM 6", xml: Data(PackageResources.EM_6_xml)),
            ModelVersion(name: "EM 7", xml: Data(PackageResources.EM_7_xml)),
        ]
    }

    /// Every version of the model (`Resources/EM.xcdatamodeld`) as XML, oldest first.
    static var versions: [ModelVersion] {
        olderVersions + [ModelVersion(name: currentVersion, xml: xml)]
    }

    /// The name of the current version.
    static let currentVersion = "EM 8"

    /// The current version's XML.
    static var xml: Data { Data(PackageResources.EM_8_xml) }

    /// The version of ObjectGraph the planner is built on, such as `1.0`.
    public static var frameworkVersion: String { ObjectGraphInfo.version }
}
