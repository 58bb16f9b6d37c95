extension ManagedObjectModel {
    /// Builds and checks the current version of a versioned model from its descriptions, as the
    /// model sources og-codegen compiles do; its older versions are read from their XML when a
    /// store of theirs needs migrating (see ``versions()``).
    ///
    /// ```swift
    /// let model = try ManagedObjectModel(
    ///     entities: entities, versionName: "EM 2", olderVersions: [ModelVersion(name: "EM", xml: v1)])
    /// ```
    ///
    /// - Parameters:
    ///   - entities: The entities; parents are named, not nested.
    ///   - fetchRequestTemplates: Named fetch requests, whose predicates may hold `$VARIABLES`.
    ///   - versionIdentifiers: The model's version identifiers.
    ///   - configurations: The names of the entities of each named configuration, by
    ///     configuration name.
    ///   - versionName: The name of the version this model is (``versionName``).
    ///   - olderVersions: The versions before it, oldest first.
    ///   - checkingPatterns: Whether to compile the attributes' regular expressions (see
    ///     ``init(entities:fetchRequestTemplates:versionIdentifiers:configurations:checkingPatterns:)``).
    /// - Throws: ``ModelError``: `.unreadableFile` when two versions share a name; otherwise the
    ///   first problem found in this version.
    public convenience init(
        entities: [EntityDescription],
        fetchRequestTemplates: [String: FetchRequest<ManagedObject>] = [:],
        versionIdentifiers: Set<String> = [],
        configurations: [String: [String]] = [:],
        versionName: String,
        olderVersions: [ModelVersion],
        checkingPatterns: Bool = true
    ) throws(ModelError) {
        guard Set(olderVersions.map(\.name) + [versionName]).count == olderVersions.count + 1 else {
            throw ModelError(.unreadableFile("two versions share a name"))
        }
        try self.init(
            entities: entities, fetchRequestTemplates: fetchRequestTemplates, versionIdentifiers: versionIdentifiers,
            configurations: configurations, checkingPatterns: checkingPatterns)
        history = ModelHistory(older: olderVersions, newer: [], checkingPatterns: checkingPatterns)
        self.versionName = versionName
    }
}
