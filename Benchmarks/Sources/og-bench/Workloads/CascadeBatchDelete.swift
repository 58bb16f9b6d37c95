import ObjectGraph

/// Workload 7b: workload 7's deletion (a quarter of the teams with their players) as one batch
/// delete, which the store runs in set-based SQL following the cascade, returning the IDs.
///
/// The raw and GRDB sides are workload 7's. The checksum counts the rows deleted.
enum CascadeBatchDelete {
    static func workload(_ scenario: Scenario) -> Workload {
        Workload(
            id: "7b", title: "batch-delete \((scenario.tournament.teams.count / 4).grouped) teams, cascade",
            kind: .time(ratio: 2.0), writes: true,
            rawC: CascadeDelete.rawC(scenario), grdb: CascadeDelete.grdb(scenario), objectGraph: objectGraph(scenario))
    }

    static func objectGraph(_ scenario: Scenario) -> (PersistentStoreCoordinator) throws -> Body {
        { coordinator in
            { _ in
                let context = ManagedObjectContext(coordinator: coordinator)
                var request = BatchDeleteRequest(
                    entityName: "Team", predicate: try FetchPredicate(format: "name < %@", scenario.deletionBound))
                request.resultType = .objectIDs
                return Checksum(count: Int64(try context.execute(request).deletedObjectIDs.count))
            }
        }
    }
}
