import ObjectGraph

/// The services of the session, each over its context.
extension Tournament {
    /// Finding what users name: see ``Lookup``.
    public var lookup: Lookup { Lookup(tournament: self) }

    /// Squads and coaches: see ``Squads``.
    public var squads: Squads { Squads(tournament: self) }

    /// The shape of the tournament: see ``Structure``.
    public var structure: Structure { Structure(tournament: self) }

    /// The schedule: see ``Fixtures``.
    public var fixtures: Fixtures { Fixtures(tournament: self) }

    /// What happened on the pitch: see ``Results``.
    public var results: Results { Results(tournament: self) }

    /// The knockout bracket kept in the store, filled from the results, and the knockout results
    /// that wait for their teams: see ``Knockout``.
    public var knockout: Knockout { Knockout(tournament: self) }

    /// What the results say: see ``Reports``.
    public var reports: Reports { Reports(tournament: self) }

    /// The tournament in and out: see ``Interchange``.
    public var interchange: Interchange { Interchange(tournament: self) }

    /// Who changed the tournament, and following other programs' changes: see ``History``.
    public var history: History { History(tournament: self) }
}
