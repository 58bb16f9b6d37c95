/// The input of workloads S1 and S2: an `em shell` script that adds new squads and saves.
///
/// For each team of ``NewSquads`` an `add-team` line and ``NewSquads/squadSize`` (23)
/// `add-player` lines with every option (`--given`, `--club`, `--born` included), double-quoted
/// where a value has a blank, then one `save`: 24 lines per team and one more.
enum ShellScript {
    /// The script's text.
    static func text(_ squads: NewSquads) -> String {
        var text = ""
        for team in squads.teams {
            text += "add-team --name \"\(team.name)\" --english \"\(team.englishName)\" --code \(team.code)\n"
            for player in team.players {
                text += "add-player --team \(team.code) --given \"\(player.givenname)\" --name \"\(player.name)\""
                text +=
                    " --number \(player.number) --position \(player.position) --club \"\(player.club)\" --born \(player.born)\n"
            }
        }
        return text + "save\n"
    }
}
