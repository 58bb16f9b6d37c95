/// What happens to related objects when an object is deleted.
public enum DeleteRule: String, Hashable, Sendable, CaseIterable {
    /// Leave the related objects alone; their inverse keeps pointing at the deleted object
    /// until the caller fixes it (Xcode: "No Action").
    case noAction = "No Action"
    /// Remove the deleted object from the related objects' inverse (the default).
    case nullify = "Nullify"
    /// Delete the related objects too.
    case cascade = "Cascade"
    /// Refuse the deletion while the relationship holds any object.
    case deny = "Deny"
}
