// What SwiftPM generates for EMPlanner's embedded resources (`.embedInCode`), for the fuzzer's
// build of EMPlanner, which SwiftPM does not make: the same files, read when first used.

import Foundation

enum PackageResources {
    private static let resources = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Resources")

    /// The data model's versions (`EM.xcdatamodeld/*.xcdatamodel/contents`).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let EM_xml = bytes(of: "EM.xcdatamodeld/EM.xcdatamodel/contents")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let EM_2_xml = bytes(of: "EM.xcdatamodeld/EM 2.xcdatamodel/contents")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let EM_3_xml = bytes(of: "EM.xcdatamodeld/EM 3.xcdatamodel/contents")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let EM_4_xml = bytes(of: "EM.xcdatamodeld/EM 4.xcdatamodel/contents")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let EM_5_xml = bytes(of: "EM.xcdatamodeld/EM 5.xcdatamodel/contents")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let EM_6_xml = bytes(of: "EM.xcdatamodeld/EM 6.xcdatamodel/contents")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let EM_7_xml = bytes(of: "EM.xcdatamodeld/EM 7.xcdatamodel/contents")
    /// The bundled EURO 2012 and 2024 setups, named as SwiftPM names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let euro2012_plist = bytes(of: "euro2012.plist")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let euro2024_plist = bytes(of: "euro2024.plist")

    private static func bytes(of path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: resources.appending(path: path).path) else {
            fatalError("cannot read Resources/\(path)")
        }
        return Array(data)
    }
}
