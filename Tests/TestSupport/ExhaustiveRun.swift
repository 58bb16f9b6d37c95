import Foundation

/// How far the exhaustive comparisons against brute force go in this run: whole in an
/// optimized build (`make test-release`, which `.ci/run` runs) or with `EM_TEST_EXHAUSTIVE=1`;
/// a sample of them in a debug build (`make test`), where they take ten times as long.
public enum ExhaustiveRun {
    /// Whether the comparisons run whole.
    public static let isWhole: Bool = {
        if ProcessInfo.processInfo.environment["EM_TEST_EXHAUSTIVE"] == "1" { return true }
        #if DEBUG
            return false
        #else
            return true
        #endif
    }()

    /// `whole` when the comparisons run whole, `sample` otherwise.
    public static func choose<Value>(whole: Value, sample: Value) -> Value {
        isWhole ? whole : sample
    }
}
