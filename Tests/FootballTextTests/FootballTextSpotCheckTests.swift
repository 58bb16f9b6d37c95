import FootballText
import Testing

/// Real values of the fixtures, read back as the files state them.
struct FootballTextSpotCheckTests {
    @Test func euro1968SemiFinalDecidedByCoinToss() throws {
        let document = try OpenfootballFixtures.document("1968--italy")
        #expect(document.title == "Euro 1968")
        #expect(document.year == 1968)
        #expect(document.zoneName == "CEST")
        #expect(document.utcOffsetMinutes == 120)
        let semi = try #require(OpenfootballFixtures.match(document, "Italy", "Soviet Union"))
        #expect(semi.round == "Semi-finals")
        #expect(semi.group == nil)
        #expect(semi.date == CalendarDate(year: 1968, month: 6, day: 5))
        #expect(semi.time == TimeOfDay(hour: 18, minute: 0))
        #expect(semi.score == ScoreLine(afterExtraTime: GoalPair(home: 0, away: 0)))
        #expect(semi.comments == ["Italy won on coin toss"])
        #expect(semi.venue == Venue(stadium: "Stadio San Paolo", city: "Naples"))
        #expect(semi.goals.isEmpty)
    }

    @Test func euro1968FinalAndReplay() throws {
        let document = try OpenfootballFixtures.document("1968--italy")
        let final = try #require(OpenfootballFixtures.match(document, "Italy", "Yugoslavia", round: "Final"))
        #expect(final.score == ScoreLine(afterExtraTime: GoalPair(home: 1, away: 1)))
        #expect(
            final.goals == [
                GoalEntry(side: .home, player: "Domenghini", minute: MatchMinute(80)),
                GoalEntry(side: .away, player: "Džajić", minute: MatchMinute(39)),
            ])
        let replay = try #require(OpenfootballFixtures.match(document, "Italy", "Yugoslavia", round: "Final, Replay"))
        #expect(replay.score == ScoreLine(fullTime: GoalPair(home: 2, away: 0)))
        #expect(replay.date == CalendarDate(year: 1968, month: 6, day: 10))
        #expect(replay.goals.map(\.player) == ["Riva", "Anastasi"])
        #expect(replay.goals.allSatisfy { $0.side == .home })
    }

    /// openfootball's 2016 and 2021 files declare matchdays without the `▪`: not groups.
    @Test(arguments: [("2016--france", 2016, 10), ("2021--europe", 2021, 11)])
    func matchdaysWithoutMarker(edition: String, year: Int, day: Int) throws {
        let document = try OpenfootballFixtures.document(edition)
        #expect(document.groups.count == 6)
        #expect(document.matchdays.map(\.name) == ["Matchday 1", "Matchday 2", "Matchday 3"])
        #expect(document.matchdays.first?.start == CalendarDate(year: year, month: 6, day: day))
        #expect(document.matches.count == 51)
    }

    @Test func euro2024Opener() throws {
        let document = try OpenfootballFixtures.document("2024--germany")
        #expect(document.matches.count == 51)
        #expect(document.zoneName == "CEST")
        #expect(document.utcOffsetMinutes == 120)
        #expect(document.groups.count == 6)
        #expect(
            document.groups.first == GroupDeclaration(name: "Group A", teams: ["Germany", "Scotland", "Hungary", "Switzerland"]))
        #expect(
            document.matchdays.first
                == MatchdayDeclaration(
                    name: "Matchday 1",
                    start: CalendarDate(year: 2024, month: 6, day: 14),
                    end: CalendarDate(year: 2024, month: 6, day: 18)
                ))
        let opener = try #require(document.matches.first)
        #expect(opener.home == "Germany")
        #expect(opener.away == "Scotland")
        #expect(opener.round == "Group A")
        #expect(opener.group == "Group A")
        #expect(opener.date == CalendarDate(year: 2024, month: 6, day: 14))
        #expect(opener.time == TimeOfDay(hour: 21, minute: 0))
        #expect(opener.venue == Venue(city: "München"))
        #expect(opener.score == ScoreLine(fullTime: GoalPair(home: 5, away: 1), halfTime: GoalPair(home: 3, away: 0)))
        #expect(opener.goals.count == 6)
        #expect(
            opener.goals.contains(
                GoalEntry(side: .home, player: "Havertz", minute: MatchMinute(45, addedTime: 1), isPenalty: true)
            ))
        // The own goal is listed in Scotland's part: the side is the team the goal counts for.
        #expect(opener.goals.last == GoalEntry(side: .away, player: "Rüdiger", minute: MatchMinute(87), isOwnGoal: true))
        #expect(opener.lineups.map(\.team) == ["Germany", "Scotland"])
        let germany = try #require(opener.lineups.first)
        #expect(germany.players.count == 11)
        #expect(germany.formationLines.count == 5)
        #expect(
            germany.players.count > 5
                && germany.players[5]
                    == LineupPlayer(
                        name: "Andrich",
                        cards: [CardEntry(.yellow)],
                        substitutions: [Substitution(player: "Groß", minute: MatchMinute(46))]
                    )
        )
        let scotland = try #require(opener.lineups.last)
        #expect(
            scotland.players.count > 1
                && scotland.players[1]
                    == LineupPlayer(
                        name: "Porteous",
                        cards: [CardEntry(.red, minute: MatchMinute(44))]
                    )
        )
    }

    @Test func euro2024LinesUnderTheOpener() throws {
        let document = try OpenfootballFixtures.document("2024--germany")
        let hungary = try #require(OpenfootballFixtures.match(document, "Hungary", "Switzerland")?.lineups.first)
        #expect(
            hungary.players.count > 1
                && hungary.players[1].substitutions == [
                    Substitution(player: "Bolla", minute: MatchMinute(46), cards: [CardEntry(.yellow)])
                ])
        let late = try #require(OpenfootballFixtures.match(document, "Scotland", "Hungary"))
        #expect(late.time == TimeOfDay(hour: 21, minute: 0))
        #expect(late.goals == [GoalEntry(side: .away, player: "Csoboth", minute: MatchMinute(90, addedTime: 10))])
    }

    @Test func penaltyShootOuts() throws {
        let euro2024 = try OpenfootballFixtures.document("2024--germany")
        let quarterFinal = try #require(OpenfootballFixtures.match(euro2024, "England", "Switzerland"))
        #expect(
            quarterFinal.score
                == ScoreLine(
                    fullTime: GoalPair(home: 1, away: 1),
                    halfTime: GoalPair(home: 0, away: 0),
                    afterExtraTime: GoalPair(home: 1, away: 1),
                    penalties: GoalPair(home: 5, away: 3)
                ))
        #expect(quarterFinal.comments == ["Winner Match 40 - Winner Match 38"])

        let euro2012 = try OpenfootballFixtures.document("2012--poland-ukraine")
        let england = try #require(OpenfootballFixtures.match(euro2012, "England", "Italy"))
        #expect(
            england.score
                == ScoreLine(
                    fullTime: GoalPair(home: 0, away: 0),
                    afterExtraTime: GoalPair(home: 0, away: 0),
                    penalties: GoalPair(home: 2, away: 4)
                ))
        #expect(england.secondTime == ZonedTime(time: TimeOfDay(hour: 21, minute: 45), zone: "EEST"))

        let euro1976 = try OpenfootballFixtures.document("1976--yugoslavia")
        let final = try #require(OpenfootballFixtures.match(euro1976, "Czechoslovakia", "West Germany"))
        #expect(final.score == ScoreLine(afterExtraTime: GoalPair(home: 2, away: 2), penalties: GoalPair(home: 5, away: 3)))
        #expect(final.shootout.count == 9)
        #expect(final.shootout.contains(ShootoutKick(score: nil, player: "U.Hoeneß", note: "over")))
        #expect(final.shootout.last == ShootoutKick(score: GoalPair(home: 5, away: 3), player: "Panenka"))

        let euro1980 = try OpenfootballFixtures.document("1980--italy")
        let third = try #require(OpenfootballFixtures.match(euro1980, "Czechoslovakia", "Italy"))
        #expect(third.score == ScoreLine(fullTime: GoalPair(home: 1, away: 1), penalties: GoalPair(home: 9, away: 8)))
        #expect(third.comments == ["note - no extra time played"])
    }

    @Test func goldenAndSilverGoals() throws {
        let euro1996 = try OpenfootballFixtures.document("1996--england")
        let final = try #require(OpenfootballFixtures.match(euro1996, "Germany", "Czech Republic", round: "Final"))
        #expect(final.score == ScoreLine(afterExtraTime: GoalPair(home: 2, away: 1), extraTimeDecider: .goldenGoal))
        #expect(
            final.goals == [
                GoalEntry(side: .home, player: "Bierhoff", minute: MatchMinute(73)),
                GoalEntry(side: .home, player: "Bierhoff", minute: MatchMinute(95)),
                GoalEntry(side: .away, player: "Berger", minute: MatchMinute(59), isPenalty: true),
            ])
        let euro2004 = try OpenfootballFixtures.document("2004--portugal")
        let semi = try #require(OpenfootballFixtures.match(euro2004, "Greece", "Czech Republic"))
        #expect(semi.score?.extraTimeDecider == .silverGoal)
        #expect(semi.goals == [GoalEntry(side: .home, player: "Traianos Dellas", minute: MatchMinute(105, addedTime: 1))])
    }

    @Test func olderNotations() throws {
        let euro1960 = try OpenfootballFixtures.document("1960--france")
        let semi = try #require(OpenfootballFixtures.match(euro1960, "Czechoslovakia", "Soviet Union"))
        #expect(semi.score == ScoreLine(fullTime: GoalPair(home: 0, away: 3)))
        #expect(semi.goals.count == 3)
        #expect(semi.goals.allSatisfy { $0.side == .away })

        let euro1972 = try OpenfootballFixtures.document("1972--belgium")
        let first = try #require(OpenfootballFixtures.match(euro1972, "West Germany", "Belgium"))
        #expect(first.date == CalendarDate(year: 1972, month: 6, day: 14))
        #expect(first.time == TimeOfDay(hour: 20, minute: 0))
        #expect(first.venue == Venue(stadium: "Antwerpen", city: "Bosuil"))
        #expect(first.goals.map(\.minute) == [MatchMinute(24), MatchMinute(71), MatchMinute(83)])
        let lineup = try #require(first.lineups.first)
        #expect(
            lineup.players.count > 5
                && lineup.players[5].substitutions == [Substitution(player: "Grabowski", minute: MatchMinute(58))])

        let euro1976 = try OpenfootballFixtures.document("1976--yugoslavia")
        let semi1976 = try #require(OpenfootballFixtures.match(euro1976, "Czechoslovakia", "Netherlands"))
        #expect(semi1976.goals.last == GoalEntry(side: .away, player: "Ondrus", minute: MatchMinute(77), isOwnGoal: true))
        #expect(semi1976.comments == ["Sent off: Pollák 60, Neeskens 76, Van Hanegem 115"])

        let euro1984 = try OpenfootballFixtures.document("1984--france")
        #expect(euro1984.matches.first?.date == nil)
        #expect(euro1984.matches.first?.time == nil)

        let euro1988 = try OpenfootballFixtures.document("1988--west-germany")
        let england = try #require(OpenfootballFixtures.match(euro1988, "England", "Netherlands"))
        #expect(england.venue == Venue(city: "Düsseldorf"))
        #expect(england.date == CalendarDate(year: 1988, month: 6, day: 15))
        #expect(england.goals.filter { $0.player == "Van Basten" }.count == 3)
    }

    @Test func euro2028Slots() throws {
        let document = try OpenfootballFixtures.document("2028--united_kingdom-ireland")
        #expect(document.zoneName == "BST/IST")
        #expect(document.utcOffsetMinutes == 60)
        let first = try #require(document.matches.first)
        #expect(first.home == "A1")
        #expect(first.away == "A2")
        #expect(first.score == nil)
        #expect(first.date == CalendarDate(year: 2028, month: 6, day: 9))
        #expect(first.time == nil)
        #expect(first.venue == Venue(city: "Cardiff"))
        #expect(first.group == "Group A")
        let numbered = try #require(document.matches.first { $0.number == 37 })
        #expect(numbered.home == "Winner Group A")
        #expect(numbered.away == "Runner-up Group C")
        #expect(numbered.round == "Round of 16")
        let final = try #require(document.matches.last)
        #expect(final.home == "Winner Match 49")
        #expect(final.time == TimeOfDay(hour: 17, minute: 0))
        #expect(final.venue == Venue(city: "London", detail: "Wembley"))
    }

    @Test func germanySquad() throws {
        let text = try OpenfootballFixtures.text("2024--germany/squads/germany.txt")
        let squad = try FootballTextSquadParser().parse(text, fileName: "germany.txt").squad
        #expect(squad.team == "Germany")
        #expect(squad.players.count == 26)
        #expect(
            squad.players.first
                == SquadPlayer(
                    number: 1, name: "Manuel Neuer", position: "GK", caps: 119, goals: 0,
                    birthYear: 1986, club: "FC Bayern Munich", clubCountry: "GER"
                ))
        #expect(squad.players.first { $0.name == "Thomas Müller" }?.goals == 45)
    }
}
