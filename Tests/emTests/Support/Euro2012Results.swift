import Testing

/// EURO 2012's real results, as `em result` arguments by match id (the bundled setup numbers
/// its matches as UEFA did), from Tests/TestSupport/Fixtures/euro2012.json.
enum Euro2012Results {
    /// The arguments of `em result` for each match, 1 to 31.
    static let arguments: [Int: [String]] = [
        1: ["1:1"], 2: ["4:1"], 3: ["0:1"], 4: ["1:0"], 5: ["1:1"], 6: ["1:3"], 7: ["1:1"], 8: ["2:1"], 9: ["1:2"],
        10: ["1:1"], 11: ["2:3"], 12: ["1:2"], 13: ["1:1"], 14: ["4:0"], 15: ["2:3"], 16: ["0:2"], 17: ["1:0"],
        18: ["1:0"], 19: ["2:1"], 20: ["1:2"], 21: ["0:1"], 22: ["2:0"], 23: ["1:0"], 24: ["2:0"], 25: ["0:1"],
        26: ["4:2"], 27: ["2:0"], 28: ["0:0", "--aet", "--pens", "2:4"], 29: ["0:0", "--aet", "--pens", "2:4"],
        30: ["1:2"], 31: ["4:0"],
    ]

    /// `em shell` lines recording the results of these matches, in this order.
    static func shellLines(_ numbers: some Sequence<Int>) -> String {
        numbers.map { (["result", String($0)] + arguments[$0]!).joined(separator: " ") + "\n" }.joined()
    }
}

extension Workspace {
    /// Records EURO 2012's real results of these matches, in this order, through one `em shell`.
    func play2012(_ numbers: some Sequence<Int>) throws {
        try succeed("shell", stdin: Euro2012Results.shellLines(numbers) + "save\nquit\n")
    }
}
