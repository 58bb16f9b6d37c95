/// A national team that played, or could play, a EURO final tournament: its FIFA code and the
/// names it goes by in German, in English and elsewhere.
///
/// The table holds the 55 members of UEFA and the teams of states and arrangements that no
/// longer play (Soviet Union, West and East Germany, Yugoslavia, Czechoslovakia, the CIS, Serbia
/// and Montenegro, Saarland). An import reads team names as a source spells them (Football.TXT
/// writes `West Germany`, `Czech Republic`, `Ireland`) and finds the team here.
///
/// The German and English names are those of the bundled tournaments (`euro2012.plist`,
/// `euro2024.plist`) where a team plays there; German names are those German media use
/// (`BR Deutschland` for West Germany, `GUS` for the CIS). Every name of every team is unique
/// ignoring case, so a name finds at most one team.
struct KnownTeam: Hashable, Sendable {
    /// The FIFA trigramme, such as `GER`, `FRG` or `CZE`; unique in the table.
    let code: String
    /// The name German media use, such as `Tschechien` or `BR Deutschland`.
    let germanName: String
    /// The English name, such as `Czech Republic` or `West Germany`.
    let englishName: String
    /// Further spellings a source may use.
    ///
    /// Other English forms (`Czechia`, `Republic of Ireland`), former names (`Macedonia`), the
    /// team's own name (`Sverige`, `España`) and German variants (`Weißrussland`); names equal
    /// to the German or English one are left out.
    let otherNames: [String]

    /// Every name of the team: German, English, then the others.
    var names: [String] { [germanName, englishName] + otherNames }

    /// The team one of whose names is `name`, ignoring case and surrounding spaces, or `nil`.
    ///
    /// - Complexity: O(1); the index of names is built on first use.
    static func named(_ name: String) -> KnownTeam? {
        index[key(name)]
    }

    /// The team with this FIFA code, ignoring case, or `nil`.
    static func withCode(_ code: String) -> KnownTeam? {
        all.first { $0.code == code.uppercased() }
    }

    /// The team `reference` names as a user types it: its FIFA code or any of its names,
    /// ignoring case and diacritics (`eng`, `Osterreich`), or `nil`.
    static func referenced(by reference: String) -> KnownTeam? {
        if let team = withCode(reference.trimmingWhitespace()) ?? named(reference) { return team }
        let folded = TournamentRules.fold(reference)
        return all.first { team in team.names.contains { TournamentRules.fold($0) == folded } }
    }

    /// The English names of up to three teams with a name close to `name`, closest first (one
    /// per team).
    static func closest(to name: String) -> [String] {
        let names = all.flatMap(\.names)
        var close: [String] = []
        for candidate in Suggestions.closest(to: name, among: names, limit: names.count) {
            guard let team = named(candidate), !close.contains(team.englishName) else { continue }
            close.append(team.englishName)
            if close.count == 3 { break }
        }
        return close
    }

    /// How a name is compared: without surrounding spaces, in lower case.
    static func key(_ name: String) -> String {
        var text = Substring(name)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return text.lowercased()
    }

    private static let index: [String: KnownTeam] = Dictionary(
        all.flatMap { team in team.names.map { (key($0), team) } }, uniquingKeysWith: { first, _ in first })

    /// Every known team: the UEFA members by code, then the teams of the past.
    static let all: [KnownTeam] = members + historic

    private static let members: [KnownTeam] = [
        KnownTeam(code: "ALB", germanName: "Albanien", englishName: "Albania", otherNames: ["Shqipëria"]),
        KnownTeam(code: "AND", germanName: "Andorra", englishName: "Andorra", otherNames: []),
        KnownTeam(code: "ARM", germanName: "Armenien", englishName: "Armenia", otherNames: ["Hayastan"]),
        KnownTeam(code: "AUT", germanName: "Österreich", englishName: "Austria", otherNames: []),
        KnownTeam(code: "AZE", germanName: "Aserbaidschan", englishName: "Azerbaijan", otherNames: ["Azərbaycan"]),
        KnownTeam(code: "BEL", germanName: "Belgien", englishName: "Belgium", otherNames: ["België", "Belgique"]),
        KnownTeam(
            code: "BIH", germanName: "Bosnien-Herzegowina", englishName: "Bosnia and Herzegovina",
            otherNames: ["Bosnien und Herzegowina", "Bosnia-Herzegovina", "Bosnia & Herzegovina", "Bosna i Hercegovina"]),
        KnownTeam(code: "BLR", germanName: "Belarus", englishName: "Belarus", otherNames: ["Weißrussland", "Byelorussia"]),
        KnownTeam(code: "BUL", germanName: "Bulgarien", englishName: "Bulgaria", otherNames: []),
        KnownTeam(code: "CRO", germanName: "Kroatien", englishName: "Croatia", otherNames: ["Hrvatska"]),
        KnownTeam(code: "CYP", germanName: "Zypern", englishName: "Cyprus", otherNames: []),
        KnownTeam(
            code: "CZE", germanName: "Tschechien", englishName: "Czech Republic",
            otherNames: ["Czechia", "Tschechische Republik", "Česko", "Česká republika"]),
        KnownTeam(code: "DEN", germanName: "Dänemark", englishName: "Denmark", otherNames: ["Danmark"]),
        KnownTeam(code: "ENG", germanName: "England", englishName: "England", otherNames: []),
        KnownTeam(code: "ESP", germanName: "Spanien", englishName: "Spain", otherNames: ["España"]),
        KnownTeam(code: "EST", germanName: "Estland", englishName: "Estonia", otherNames: ["Eesti"]),
        KnownTeam(code: "FIN", germanName: "Finnland", englishName: "Finland", otherNames: ["Suomi"]),
        KnownTeam(code: "FRA", germanName: "Frankreich", englishName: "France", otherNames: []),
        KnownTeam(
            code: "FRO", germanName: "Färöer", englishName: "Faroe Islands",
            otherNames: ["Färöer-Inseln", "Färöer Inseln", "Faeroe Islands", "Føroyar"]),
        KnownTeam(code: "GEO", germanName: "Georgien", englishName: "Georgia", otherNames: ["Sakartvelo"]),
        KnownTeam(code: "GER", germanName: "Deutschland", englishName: "Germany", otherNames: []),
        KnownTeam(code: "GIB", germanName: "Gibraltar", englishName: "Gibraltar", otherNames: []),
        KnownTeam(code: "GRE", germanName: "Griechenland", englishName: "Greece", otherNames: ["Hellas", "Ellada"]),
        KnownTeam(code: "HUN", germanName: "Ungarn", englishName: "Hungary", otherNames: ["Magyarország"]),
        KnownTeam(
            code: "IRL", germanName: "Irland", englishName: "Ireland",
            otherNames: ["Republic of Ireland", "Republik Irland", "Éire", "Eire"]),
        KnownTeam(code: "ISL", germanName: "Island", englishName: "Iceland", otherNames: ["Ísland"]),
        KnownTeam(code: "ISR", germanName: "Israel", englishName: "Israel", otherNames: []),
        KnownTeam(code: "ITA", germanName: "Italien", englishName: "Italy", otherNames: ["Italia"]),
        KnownTeam(code: "KAZ", germanName: "Kasachstan", englishName: "Kazakhstan", otherNames: ["Qazaqstan"]),
        KnownTeam(code: "KVX", germanName: "Kosovo", englishName: "Kosovo", otherNames: ["Kosova"]),
        KnownTeam(code: "LIE", germanName: "Liechtenstein", englishName: "Liechtenstein", otherNames: []),
        KnownTeam(code: "LTU", germanName: "Litauen", englishName: "Lithuania", otherNames: ["Lietuva"]),
        KnownTeam(code: "LUX", germanName: "Luxemburg", englishName: "Luxembourg", otherNames: ["Lëtzebuerg"]),
        KnownTeam(code: "LVA", germanName: "Lettland", englishName: "Latvia", otherNames: ["Latvija"]),
        KnownTeam(
            code: "MDA", germanName: "Moldau", englishName: "Moldova", otherNames: ["Moldawien", "Republik Moldau"]),
        KnownTeam(
            code: "MKD", germanName: "Nordmazedonien", englishName: "North Macedonia",
            otherNames: ["Mazedonien", "Macedonia", "FYR Macedonia", "Severna Makedonija"]),
        KnownTeam(code: "MLT", germanName: "Malta", englishName: "Malta", otherNames: []),
        KnownTeam(code: "MNE", germanName: "Montenegro", englishName: "Montenegro", otherNames: ["Crna Gora"]),
        KnownTeam(
            code: "NED", germanName: "Niederlande", englishName: "Netherlands",
            otherNames: ["The Netherlands", "Holland", "Nederland"]),
        KnownTeam(code: "NIR", germanName: "Nordirland", englishName: "Northern Ireland", otherNames: []),
        KnownTeam(code: "NOR", germanName: "Norwegen", englishName: "Norway", otherNames: ["Norge"]),
        KnownTeam(code: "POL", germanName: "Polen", englishName: "Poland", otherNames: ["Polska"]),
        KnownTeam(code: "POR", germanName: "Portugal", englishName: "Portugal", otherNames: []),
        KnownTeam(code: "ROU", germanName: "Rumänien", englishName: "Romania", otherNames: ["România"]),
        KnownTeam(code: "RUS", germanName: "Russland", englishName: "Russia", otherNames: ["Russian Federation"]),
        KnownTeam(code: "SCO", germanName: "Schottland", englishName: "Scotland", otherNames: []),
        KnownTeam(code: "SMR", germanName: "San Marino", englishName: "San Marino", otherNames: []),
        KnownTeam(code: "SRB", germanName: "Serbien", englishName: "Serbia", otherNames: ["Srbija"]),
        KnownTeam(
            code: "SUI", germanName: "Schweiz", englishName: "Switzerland", otherNames: ["Suisse", "Svizzera", "Svizra"]),
        KnownTeam(code: "SVK", germanName: "Slowakei", englishName: "Slovakia", otherNames: ["Slovensko"]),
        KnownTeam(code: "SVN", germanName: "Slowenien", englishName: "Slovenia", otherNames: ["Slovenija"]),
        KnownTeam(code: "SWE", germanName: "Schweden", englishName: "Sweden", otherNames: ["Sverige"]),
        KnownTeam(code: "TUR", germanName: "Türkei", englishName: "Turkey", otherNames: ["Türkiye", "Turkiye"]),
        KnownTeam(code: "UKR", germanName: "Ukraine", englishName: "Ukraine", otherNames: ["Ukrajina"]),
        KnownTeam(code: "WAL", germanName: "Wales", englishName: "Wales", otherNames: ["Cymru"]),
    ]

    /// Teams that no longer play.
    ///
    /// UEFA counts their records for their successors (Soviet Union
    /// and CIS for Russia, West Germany for Germany, Czechoslovakia for the Czech Republic,
    /// Yugoslavia and Serbia and Montenegro for Serbia), but a tournament of their time names
    /// them, so they are teams of their own here.
    private static let historic: [KnownTeam] = [
        KnownTeam(
            code: "URS", germanName: "Sowjetunion", englishName: "Soviet Union", otherNames: ["UdSSR", "USSR", "SSSR"]),
        KnownTeam(
            code: "FRG", germanName: "BR Deutschland", englishName: "West Germany",
            otherNames: ["Bundesrepublik Deutschland", "Westdeutschland", "Germany FR", "FR Germany"]),
        KnownTeam(
            code: "GDR", germanName: "DDR", englishName: "East Germany",
            otherNames: ["Deutsche Demokratische Republik", "Ostdeutschland", "German Democratic Republic"]),
        KnownTeam(
            code: "YUG", germanName: "Jugoslawien", englishName: "Yugoslavia",
            otherNames: ["FR Yugoslavia", "BR Jugoslawien", "Jugoslavija"]),
        KnownTeam(code: "TCH", germanName: "Tschechoslowakei", englishName: "Czechoslovakia", otherNames: ["ČSSR", "CSSR"]),
        KnownTeam(
            code: "CIS", germanName: "GUS", englishName: "CIS",
            otherNames: ["Commonwealth of Independent States", "Gemeinschaft Unabhängiger Staaten"]),
        KnownTeam(
            code: "SCG", germanName: "Serbien und Montenegro", englishName: "Serbia and Montenegro",
            otherNames: ["Serbia & Montenegro", "Srbija i Crna Gora"]),
        KnownTeam(code: "SAA", germanName: "Saarland", englishName: "Saarland", otherNames: ["Saar"]),
    ]
}
