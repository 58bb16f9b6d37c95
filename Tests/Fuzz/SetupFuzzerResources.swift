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
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let EM_8_xml = bytes(of: "EM.xcdatamodeld/EM 8.xcdatamodel/contents")
    /// The bundled EURO 2012 and 2024 setups, named as SwiftPM names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let euro2012_plist = bytes(of: "euro2012.plist")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let euro2024_plist = bytes(of: "euro2024.plist")
    /// EURO 2024's Football.TXT and its squads, whose events `--with-results` records.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let euro2024_txt = bytes(of: "euro2024.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let albania_txt = bytes(of: "euro2024-squads/albania.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let austria_txt = bytes(of: "euro2024-squads/austria.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let belgium_txt = bytes(of: "euro2024-squads/belgium.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let croatia_txt = bytes(of: "euro2024-squads/croatia.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let czech_republic_txt = bytes(of: "euro2024-squads/czech-republic.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let denmark_txt = bytes(of: "euro2024-squads/denmark.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let england_txt = bytes(of: "euro2024-squads/england.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let france_txt = bytes(of: "euro2024-squads/france.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let georgia_txt = bytes(of: "euro2024-squads/georgia.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let germany_txt = bytes(of: "euro2024-squads/germany.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let hungary_txt = bytes(of: "euro2024-squads/hungary.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let italy_txt = bytes(of: "euro2024-squads/italy.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let netherlands_txt = bytes(of: "euro2024-squads/netherlands.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let poland_txt = bytes(of: "euro2024-squads/poland.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let portugal_txt = bytes(of: "euro2024-squads/portugal.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let romania_txt = bytes(of: "euro2024-squads/romania.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let scotland_txt = bytes(of: "euro2024-squads/scotland.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let serbia_txt = bytes(of: "euro2024-squads/serbia.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let slovakia_txt = bytes(of: "euro2024-squads/slovakia.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let slovenia_txt = bytes(of: "euro2024-squads/slovenia.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let spain_txt = bytes(of: "euro2024-squads/spain.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let switzerland_txt = bytes(of: "euro2024-squads/switzerland.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let turkey_txt = bytes(of: "euro2024-squads/turkey.txt")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let ukraine_txt = bytes(of: "euro2024-squads/ukraine.txt")

    private static func bytes(of path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: resources.appending(path: path).path) else {
            fatalError("cannot read Resources/\(path)")
        }
        return Array(data)
    }
}
