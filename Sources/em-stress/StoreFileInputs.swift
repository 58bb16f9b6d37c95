import Foundation
import SeededRandom

/// The foreign and damaged store files, each met by several commands.
///
/// Expected: 74 for a file or folder that is no planner store, 66 for a path with nothing at
/// it or an empty file, which holds no store either (an explicit `--store` is never created or
/// seeded, only the default store is); the file is left as it was.
enum StoreFileInputs {
    /// The commands that meet each store; `em init --force` only the files and folders that
    /// are something else than a store, which it must not replace.
    static let commands: [[String]] = [
        ["list", "teams"], ["show", "team", "GER"], ["add-team", "--name", "Österreich", "--code", "AUT"],
        ["result", "GER-POR", "1:0"], ["save", "--to", "@DIR/export.sqlite"], ["init", "--force"],
    ]

    /// Every store file with every command: about 100.
    ///
    /// - Parameters:
    ///   - template: The bytes of the EURO 2012 store.
    ///   - generator: The random source for random bytes.
    static func all(template: Data, generator: inout SeededGenerator) -> [MalformedInput] {
        var stores: [(name: String, store: InputStore, expected: Int32)] = [
            ("an empty file", .bytes(Data()), 66),
            ("a text file", .bytes(Data("This is not a database.\n".utf8)), 74),
            ("a setup plist", .bytes(Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n".utf8)), 74),
            ("a folder", .folder, 74),
            ("no file", .absent, 66),
        ]
        for length in [1, 100, 4096, 20_000] {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            stores.append(("\(length) random bytes", .bytes(bytes), 74))
        }
        for length in [50, 100, 1024, 4096, 8192] {
            stores.append(("the store truncated to \(length) bytes", .bytes(template.prefix(length)), 74))
        }
        var header = template
        header.replaceSubrange(0..<16, with: Data(repeating: 0x2A, count: 16))
        stores.append(("the store with its header overwritten", .bytes(header), 74))
        stores.append(
            (
                "another app's SQLite database",
                .sqlite(
                    """
                    CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT);
                    INSERT INTO notes (title, body) VALUES ('shopping', 'milk'), ('todo', 'taxes');
                    """), 74
            ))
        stores.append(
            (
                "another Core Data model's store",
                .sqlite(
                    """
                    CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
                    CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
                    CREATE TABLE ZRECIPE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR);
                    INSERT INTO Z_PRIMARYKEY VALUES (1, 'Recipe', 0, 1);
                    INSERT INTO Z_METADATA VALUES (1, '6A1C1B7E-0000-4000-8000-000000000000', X'62706C6973743030');
                    INSERT INTO ZRECIPE VALUES (1, 1, 1, 'Apfelstrudel');
                    """), 74
            ))
        stores.append(("a SQLite database with one unrelated table", .sqlite("CREATE TABLE t (x);"), 74))
        stores.append(("the store without its metadata", .editedPlanner("DELETE FROM Z_METADATA;"), 74))
        stores.append(("the store without its team table", .editedPlanner("DROP TABLE ZTEAM;"), 74))
        stores.append(("the store with garbage metadata", .editedPlanner("UPDATE Z_METADATA SET Z_PLIST = X'00FF00FF';"), 74))
        var inputs: [MalformedInput] = []
        for store in stores {
            // init makes a store where there is none (no file, an empty file).
            for command in commands where store.expected == 74 || command[0] != "init" {
                inputs.append(
                    MalformedInput(
                        family: .store, name: "\(command[0]) on \(store.name)", arguments: command + ["--store", "@STORE"],
                        expected: store.expected, store: store.store))
            }
        }
        return inputs
    }
}
