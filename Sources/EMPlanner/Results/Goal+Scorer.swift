import ObjectGraph

/// Who scored a goal: a player of the squad, or someone known by name only.
extension Goal {
    /// The scorer's team: the scoring player's, else the team credited, or its opponent for an
    /// own goal.
    public var scorerTeam: Team? {
        if let team = scorer?.team { return team }
        guard ownGoal == true, let match else { return team }
        return match.homeTeam == team ? match.awayTeam : match.homeTeam
    }

    /// The scorer's name as people read it: the player's full name, or the name the goal keeps.
    public var scorerFullName: String? {
        scorer?.fullName ?? scorerName
    }
}
