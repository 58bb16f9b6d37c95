/// Facts about the framework build.
public enum ObjectGraphInfo {
    /// The framework's version.
    public static let version = "0.1.0"
}
