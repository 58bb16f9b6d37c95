"""og-bench's reference for workload S4: `em import FILE --squads DIR --store STORE` done with
Python's standard library alone, the script a user of openfootball's data would write.

Usage: python3 import_football_text.py FILE SQUADS STORE

FILE is a tournament in openfootball's Football.TXT format (such as euro.txt of
github.com/openfootball/euro), SQUADS a directory of its squad files (squads/*.txt), STORE the
new SQLite file, which must not exist.

It reads, line by line with regular expressions, what em imports of the syntax a modern
EURO's file uses: the title and its year, the groups and their teams, the rounds, the days
and kick-off times (a match without one keeps the one before), the matches' teams, scores
(half time, full time, after extra time, penalties) and venues, and the scorers with their
minutes (added time, penalties, own goals, several minutes of one scorer; a single list is the
second team's when the first scored none). It skips comments, the matchday calendar and the
line-ups with their substitutions and cards, which em keeps too (this reference keeps to the
matches, goals and squads), and refuses any other line with its number; it knows none of the
older editions' syntax (lots, replays, historic team names). Squad files give each
team's players: shirt number, name, position, caps and goals, year of birth, club and the
club's country. Each scorer is looked up in the squad of the team they scored for (of the
other team for an own goal) by surname, ignoring case and diacritics; one not found keeps
their name alone.

It writes a new file in the layout of openfootball's own tooling (sportdb's tables, cut to what
the files hold: events, groups, rounds, teams, persons and rosters, matches, goals), in one
transaction, with em's settings (WAL, synchronous = NORMAL). It prints em's summary line; a
refused file (or squad: two players of a team wearing one number) exits with status 65 and
leaves no store.
"""

import os
import re
import sqlite3
import sys
import unicodedata

MONTHS = {name: number for number, name in enumerate("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(), 1)}
TITLE = re.compile(r"=\s*(?P<title>.*?(?P<year>\d{4}))\s*$")
GROUP = re.compile(r"(?P<name>Group \w+)\s*\|\s*(?P<teams>.+)$")
ROUND = re.compile(r"▪\s*(?P<name>[^|]+?)\s*$")
CALENDAR = re.compile(r"▪.*\|")
DAY = re.compile(r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+(?P<month>[A-Z][a-z]{2})\s+(?P<day>\d{1,2})$")
MATCH = re.compile(
    r"(?:(?P<time>\d{1,2}:\d{2})\s+)?(?P<team1>\S.*?)\s+"
    r"(?:(?P<p1>\d+)-(?P<p2>\d+)\s+pen\.\s+)?"
    r"(?P<s1>\d+)-(?P<s2>\d+)(?P<aet>\s+a\.e\.t\.)?"
    r"(?:\s+\((?P<i1>\d+)-(?P<i2>\d+)(?:,\s*(?P<h1>\d+)-(?P<h2>\d+))?\))?"
    r"\s+(?P<team2>\S.*?)\s+@\s+(?P<ground>\S.*?)$"
)
LINEUP = re.compile(r"[^\W\d][^:]*:\s+\S")
# A minute a goal was scored in: 45+1' (added time), then (pen.) or (o.g.) if it was either.
MINUTE_SYNTAX = r"\d+(?:\+\d+)?'(?:\s*\((?:pen|o\.g)\.\))?"
MINUTE = re.compile(r"(?P<minute>\d+)(?:\+(?P<offset>\d+))?'(?:\s*\((?P<kind>pen|o\.g)\.\))?")
SCORER = re.compile(rf"\s*(?P<name>[^\d()';,]+?)\s+(?P<minutes>{MINUTE_SYNTAX}(?:\s*,\s*{MINUTE_SYNTAX})*)")
SQUAD_TITLE = re.compile(r"=\s+(?P<team>.+?)\s+-\s+.*$")
SQUAD_ROW = re.compile(
    r"(?P<number>\d+),\s*(?P<name>[^,]+?),\s*(?P<position>GK|DF|MF|FW),\s*(?P<caps>\d+)/(?P<goals>\d+)\s*,"
    r"\s*b\.\s*(?P<born>\d{4}),\s*(?P<club>.+?)\s*(?:\((?P<country>[A-Z]{3})\))?$"
)

SCHEMA = """
CREATE TABLE events (id INTEGER PRIMARY KEY, title TEXT NOT NULL, start_year INTEGER NOT NULL);
CREATE TABLE groups (id INTEGER PRIMARY KEY, event_id INTEGER NOT NULL REFERENCES events, title TEXT NOT NULL);
CREATE TABLE rounds (id INTEGER PRIMARY KEY, event_id INTEGER NOT NULL REFERENCES events, title TEXT NOT NULL,
                     pos INTEGER NOT NULL);
CREATE TABLE teams (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, group_id INTEGER REFERENCES groups);
CREATE TABLE persons (id INTEGER PRIMARY KEY, name TEXT NOT NULL, born_year INTEGER);
CREATE TABLE rosters (id INTEGER PRIMARY KEY, person_id INTEGER NOT NULL REFERENCES persons,
                      team_id INTEGER NOT NULL REFERENCES teams, event_id INTEGER NOT NULL REFERENCES events,
                      pos INTEGER NOT NULL, position TEXT NOT NULL, caps INTEGER, goals INTEGER, club TEXT,
                      club_country TEXT, UNIQUE (team_id, pos));
CREATE TABLE matches (id INTEGER PRIMARY KEY, event_id INTEGER NOT NULL REFERENCES events,
                      round_id INTEGER NOT NULL REFERENCES rounds, group_id INTEGER REFERENCES groups,
                      pos INTEGER NOT NULL, team1_id INTEGER NOT NULL REFERENCES teams,
                      team2_id INTEGER NOT NULL REFERENCES teams, date TEXT NOT NULL, time TEXT,
                      score1 INTEGER, score2 INTEGER, score1i INTEGER, score2i INTEGER, score1ft INTEGER,
                      score2ft INTEGER, score1et INTEGER, score2et INTEGER, score1p INTEGER, score2p INTEGER,
                      ground TEXT NOT NULL);
CREATE TABLE goals (id INTEGER PRIMARY KEY, match_id INTEGER NOT NULL REFERENCES matches,
                    team_id INTEGER NOT NULL REFERENCES teams, person_id INTEGER REFERENCES persons,
                    name TEXT NOT NULL, minute INTEGER NOT NULL, "offset" INTEGER, penalty INTEGER NOT NULL,
                    owngoal INTEGER NOT NULL);
CREATE INDEX rosters_team ON rosters (team_id);
CREATE INDEX matches_team1 ON matches (team1_id);
CREATE INDEX matches_team2 ON matches (team2_id);
CREATE INDEX goals_match ON goals (match_id);
CREATE INDEX goals_person ON goals (person_id);
"""


class Refused(Exception):
    """A line this reference does not understand, or one naming an unknown team: its file, line
    number and why."""


def fold(text):
    """A name as em compares names: ignoring case and diacritics."""
    decomposed = unicodedata.normalize("NFD", text.strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def number(text):
    """An optional integer of a match: None when the group did not match."""
    return None if text is None else int(text)


class Tournament:
    """What the files hold, as rows to insert: keys counted from 1 per table."""

    def __init__(self):
        self.title = None
        self.year = None
        self.groups = []  # title
        self.rounds = []  # title
        self.teams = {}  # title: [key, group key]
        self.matches = []  # row without the event
        self.goals = []  # (match key, team key, squad's team key, name, minute, offset, penalty, own goal)
        self.persons = []  # (name, year of birth)
        self.rosters = []  # (person key, team key, number, position, caps, goals, club, country)
        self.surnames = {}  # (team key, folded surname): person key

    def team(self, title, where):
        """The key of the team named `title`, which a group must have named; `where` for the error."""
        if title not in self.teams:
            raise Refused(f"{where}: unknown team {title!r}")
        return self.teams[title][0]


def read_matches(tournament, path):
    """The tournament file's groups, rounds, matches and goals."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    day = time = None
    round_key = group_key = None
    in_lineup = False
    goals = None  # the open list of scorers: (match key, team keys, the first team's score, lines so far)
    for index, raw in enumerate(lines, 1):
        where = f"{path}:{index}"
        line = raw.split("#", 1)[0].strip()
        if goals is not None:
            goals[3].append(line)
            text = " ".join(goals[3])
            if text.count("(") == text.count(")"):
                read_goals(tournament, *goals[:3], text[1:-1], where)
                goals = None
            continue
        if not line:
            in_lineup = False
            continue
        match = MATCH.fullmatch(line)
        if match is None and in_lineup and DAY.fullmatch(line) is None:
            continue
        in_lineup = False
        if match:
            if round_key is None or day is None:
                raise Refused(f"{where}: a match before its round and day")
            time = match["time"] or time
            team1 = tournament.team(match["team1"], where)
            team2 = tournament.team(match["team2"], where)
            score, first, second, penalties = (
                (number(match[f"{key}1"]), number(match[f"{key}2"])) for key in ("s", "i", "h", "p")
            )
            # After extra time, the brackets hold the score at full time, then at half time if given.
            if match["aet"]:
                extra, full, half = score, first, second
            else:
                extra, full, half = (None, None), score, first
            tournament.matches.append(
                (round_key, group_key, len(tournament.matches) + 1, team1, team2, f"{tournament.year}-{day}", time,
                 *score, *half, *full, *extra, *penalties, match["ground"])
            )
            continue
        if line.startswith("("):
            if not tournament.matches:
                raise Refused(f"{where}: goals before any match")
            last = tournament.matches[-1]
            goals = (len(tournament.matches), (last[3], last[4]), last[7], [line])
            if line.count("(") == line.count(")"):
                read_goals(tournament, *goals[:3], line[1:-1], where)
                goals = None
            continue
        found = DAY.fullmatch(line)
        if found:
            day = f"{MONTHS[found['month']]:02}-{int(found['day']):02}"
            time = None
            continue
        found = TITLE.fullmatch(line)
        if found and tournament.title is None:
            tournament.title, tournament.year = found["title"], int(found["year"])
            continue
        found = GROUP.fullmatch(line)
        if found:
            tournament.groups.append(found["name"])
            for title in re.split(r"\s{2,}", found["teams"].strip()):
                if title in tournament.teams:
                    raise Refused(f"{where}: team {title!r} in two groups")
                tournament.teams[title] = [len(tournament.teams) + 1, len(tournament.groups)]
            continue
        if CALENDAR.match(line):
            continue
        found = ROUND.fullmatch(line)
        if found:
            tournament.rounds.append(found["name"])
            round_key = len(tournament.rounds)
            group_key = None
            if found["name"] in tournament.groups:
                group_key = tournament.groups.index(found["name"]) + 1
            continue
        if LINEUP.match(line):
            in_lineup = True
            continue
        raise Refused(f"{where}: not understood: {line!r}")
    if goals is not None:
        raise Refused(f"{path}: the goals of match {goals[0]} are not closed")


def read_goals(tournament, match_key, team_keys, first_score, text, where):
    """The goals of a match, `text` being the list between its parentheses: the first team's
    scorers, then after a semicolon the second's; a single list is the second team's when the
    first scored no goal."""
    sides = text.split(";")
    if len(sides) > 2:
        raise Refused(f"{where}: more than two lists of scorers")
    if len(sides) == 1 and first_score == 0:
        sides.insert(0, "")
    for side, scorers in enumerate(sides):
        position = 0
        scorers = scorers.strip()
        while position < len(scorers):
            found = SCORER.match(scorers, position)
            if found is None:
                raise Refused(f"{where}: not a scorer: {scorers[position:]!r}")
            for minute in MINUTE.finditer(found["minutes"]):
                own_goal = minute["kind"] == "o.g"
                team = team_keys[side]
                squad = team_keys[1 - side] if own_goal else team
                tournament.goals.append(
                    (match_key, team, squad, found["name"], int(minute["minute"]), number(minute["offset"]),
                     int(minute["kind"] == "pen"), int(own_goal))
                )
            position = found.end()


def scorer(tournament, team, name):
    """The person of `team`'s squad a scorer's name means, if any: by surname or whole name,
    else by the surname after an initial (`R. Marin`)."""
    key = fold(name)
    person = tournament.surnames.get((team, key))
    if person is None and ". " in key:
        person = tournament.surnames.get((team, key.rsplit(". ", 1)[1]))
    return person


def read_squads(tournament, directory):
    """The players of every squad file in `directory`, in the order of the files' names."""
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".txt"):
            continue
        path = os.path.join(directory, name)
        with open(path, encoding="utf-8") as file:
            lines = file.read().split("\n")
        team = None
        for index, raw in enumerate(lines, 1):
            where = f"{path}:{index}"
            line = raw.split("#", 1)[0].strip()
            if not line or set(line) == {"="}:
                continue
            found = SQUAD_TITLE.fullmatch(line)
            if found and team is None:
                team = tournament.team(found["team"], where)
                continue
            found = SQUAD_ROW.fullmatch(line)
            if found is None or team is None:
                raise Refused(f"{where}: not a player: {line!r}")
            tournament.persons.append((found["name"], int(found["born"])))
            person = len(tournament.persons)
            tournament.rosters.append(
                (person, team, int(found["number"]), found["position"], int(found["caps"]), int(found["goals"]),
                 found["club"], found["country"])
            )
            words = found["name"].split()
            for surname in {found["name"], words[-1], " ".join(words[1:])} - {""}:
                tournament.surnames.setdefault((team, fold(surname)), person)


def write(db, tournament):
    """Every row, in one transaction."""
    for statement in SCHEMA.split(";"):
        db.execute(statement)
    db.execute("INSERT INTO events (id, title, start_year) VALUES (1, ?, ?)", (tournament.title, tournament.year))
    db.executemany("INSERT INTO groups (id, event_id, title) VALUES (?, 1, ?)", list(enumerate(tournament.groups, 1)))
    db.executemany(
        "INSERT INTO rounds (id, event_id, title, pos) VALUES (?, 1, ?, ?)",
        [(key, title, key) for key, title in enumerate(tournament.rounds, 1)],
    )
    db.executemany(
        "INSERT INTO teams (id, title, group_id) VALUES (?, ?, ?)",
        [(key, title, group) for title, (key, group) in tournament.teams.items()],
    )
    db.executemany(
        "INSERT INTO persons (id, name, born_year) VALUES (?, ?, ?)",
        [(key, *person) for key, person in enumerate(tournament.persons, 1)],
    )
    db.executemany(
        "INSERT INTO rosters (person_id, team_id, event_id, pos, position, caps, goals, club, club_country)"
        " VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)",
        tournament.rosters,
    )
    db.executemany(
        "INSERT INTO matches (event_id, round_id, group_id, pos, team1_id, team2_id, date, time, score1, score2,"
        " score1i, score2i, score1ft, score2ft, score1et, score2et, score1p, score2p, ground)"
        " VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        tournament.matches,
    )
    db.executemany(
        'INSERT INTO goals (match_id, team_id, person_id, name, minute, "offset", penalty, owngoal)'
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (match, team, scorer(tournament, squad, name), name, *rest)
            for match, team, squad, name, *rest in tournament.goals
        ],
    )


def main():
    if len(sys.argv) != 4:
        print("usage: python3 import_football_text.py FILE SQUADS STORE", file=sys.stderr)
        return 64
    path, squads, store = sys.argv[1:]
    if os.path.exists(store):
        print(f"{store} exists", file=sys.stderr)
        return 73
    tournament = Tournament()
    try:
        read_matches(tournament, path)
        read_squads(tournament, squads)
    except (Refused, OSError) as error:
        print(error, file=sys.stderr)
        return 65
    db = sqlite3.connect(store, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        db.execute("BEGIN IMMEDIATE")
        write(db, tournament)
        db.execute("COMMIT")
    except sqlite3.IntegrityError as error:
        db.close()
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(store + suffix):
                os.remove(store + suffix)
        print(f"{squads}: {error}", file=sys.stderr)
        return 65
    db.close()
    results = sum(1 for match in tournament.matches if match[7] is not None)
    print(
        f"imported {tournament.title}: {len(tournament.groups)} groups, {len(tournament.teams)} teams,"
        f" {len(tournament.matches)} matches, {results} results"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
