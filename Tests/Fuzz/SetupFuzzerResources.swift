// What SwiftPM generates for EMPlanner's embedded resources (`.embedInCode`), for the fuzzer's
// build of EMPlanner, which SwiftPM does not make: the same files, read when first used.

import Foundation

enum PackageResources {
    private static let resources = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Resources")

    /// The data model (`EM.xcdatamodeld/EM.xcdatamodel/contents`).
    static let contents = bytes(of: "EM.xcdatamodeld/EM.xcdatamodel/contents")
    /// The bundled EURO 2012 setup (`setup.plist`), named as SwiftPM names it.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let setup_plist = bytes(of: "setup.plist")

    private static func bytes(of path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: resources.appending(path: path).path) else {
            fatalError("cannot read Resources/\(path)")
        }
        return Array(data)
    }
}
