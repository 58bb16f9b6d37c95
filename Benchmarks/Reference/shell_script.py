"""og-bench's reference for workloads S1 and S2: `em shell --store STORE < SCRIPT` done with
Python's standard library alone.

Usage: python3 shell_script.py STORE < SCRIPT

Reads the script from standard input as em's shell does: one command a line, without the
leading `em`, words split as a POSIX shell splits them (shlex). It knows the commands og-bench's
scripts use: `add-team --name N --code C [--english E] [--group G]`, `add-player --team T
--name N --number K --position P [--given G] [--club C] [--born YYYY-MM-DD]` and `save`.

It checks what em checks before it changes anything: a team's name, English name and code
name no other team (ignoring case and diacritics, as em's look-ups do), the code is three
letters, the team of a player exists (by code, else by name), the squad rules of the store's
rule set hold (at most 23 players under euro2012 and euro2016, 26 under euro2020 and euro2024,
the shirt number 1 to the squad's size and free in the team, number 1 a goalkeeper's, the player
15 to 50 years old on the day of the first kick-off, in UTC), the position is GK, DF, MF or
FW, the date of birth is a date. The edits
stay in memory until `save`, which writes them as em writes them, Core Data's layout: rows in
ZTEAM and ZHUMAN with Z_ENT and Z_OPT, keys taken from Z_PRIMARYKEY (whose Z_MAX it moves on),
one transaction. Like em, it prints a line per command, stops at the first failing line with
status 65, and exits with status 1 when the input ends with unsaved edits.
"""

import datetime
import shlex
import sqlite3
import sys
import unicodedata

POSITIONS = {"GK", "DF", "MF", "FW"}
# Core Data's dates: seconds since 2001-01-01 00:00 UTC.
REFERENCE_DATE = datetime.date(2001, 1, 1)
# The most players a squad has, by rule set: they wear 1 to that number, 1 a goalkeeper.
SQUAD_SIZES = {"euro2012": 23, "euro2016": 23, "euro2020": 26, "euro2024": 26}
GOALKEEPER_SHIRTS = {1}
AGES = range(15, 51)

COMMANDS = {
    "add-team": ({"name", "code"}, {"english", "group"}),
    "add-player": ({"team", "name", "number", "position"}, {"given", "club", "born"}),
}


class Refused(Exception):
    """A line em would refuse: the message em's error would carry."""


def fold(text):
    """A name as em compares names: trimmed, ignoring case and diacritics."""
    decomposed = unicodedata.normalize("NFD", text.strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def optional_text(text):
    """An optional text as em keeps it: trimmed, and empty means none."""
    if text is None:
        return None
    text = text.strip()
    return text or None


def age(born, day):
    """Whole years on `day` of someone born on `born` (dates)."""
    return day.year - born.year - (0 if (day.month, day.day) >= (born.month, born.day) else 1)


def options(command, words):
    """The `--key value` (or `--key=value`) pairs of a command line, checked against the
    command's required and optional keys."""
    required, optional = COMMANDS[command]
    values = {}
    index = 0
    while index < len(words):
        word = words[index]
        if not word.startswith("--"):
            raise Refused(f"unexpected argument '{word}'")
        key, equals, value = word[2:].partition("=")
        if not equals:
            index += 1
            if index == len(words):
                raise Refused(f"missing value for '--{key}'")
            value = words[index]
        if key not in required and key not in optional:
            raise Refused(f"unknown option '--{key}'")
        values[key] = value
        index += 1
    missing = required - values.keys()
    if missing:
        raise Refused(f"missing '--{sorted(missing)[0]}'")
    return values


class Store:
    """The store's teams and squads as far as the checks need them, and the unsaved edits."""

    def __init__(self, db):
        self.db = db
        entities = {}
        parents = {}
        for entity, name, parent in db.execute("SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY"):
            entities[name] = entity
            parents[entity] = parent
        self.team_entity = entities["Team"]
        self.player_entity = entities["Player"]
        # Keys come from the root entity's Z_MAX: players share Human's numbering with coaches.
        self.player_root = self.player_entity
        while parents[self.player_root]:
            self.player_root = parents[self.player_root]
        self.teams = {}  # code -> team
        self.names = {}  # folded name, English name or code -> code
        for key, code, name, english in db.execute("SELECT Z_PK, ZCODE, ZNAME, ZENGLISHNAME FROM ZTEAM"):
            self.remember({"key": key, "code": code, "name": name, "english": english, "numbers": None})
        self.groups = {fold(name): key for key, name in db.execute("SELECT Z_PK, ZNAME FROM ZGROUP")}
        rule_set = db.execute("SELECT ZRULESET FROM ZCOMPETITION").fetchone()
        self.squad_size = SQUAD_SIZES[(rule_set and rule_set[0]) or "euro2012"]
        (kickoff,) = db.execute("SELECT MIN(ZKICKOFF) FROM ZMATCH").fetchone()
        if kickoff is None:
            self.first_day = datetime.datetime.now(datetime.timezone.utc).date()
        else:
            self.first_day = REFERENCE_DATE + datetime.timedelta(days=int(kickoff // 86400))
        self.new_teams = []
        self.new_players = []

    def remember(self, team):
        self.teams[team["code"]] = team
        for text in (team["name"], team["english"], team["code"]):
            if text is not None:
                self.names[fold(text)] = team["code"]

    def team(self, reference):
        """A team by code, else by German or English name, as em looks one up."""
        text = reference.strip()
        team = self.teams.get(text.upper())
        if team is None:
            code = self.names.get(fold(text))
            team = self.teams.get(code) if code else None
        if team is None:
            raise Refused(f"unknown team '{text}'")
        if team["numbers"] is None:
            team["numbers"] = {
                number
                for (number,) in self.db.execute(
                    "SELECT ZNUMBER FROM ZHUMAN WHERE Z_ENT = ? AND ZTEAM1 = ?", (self.player_entity, team["key"])
                )
            }
        return team

    def add_team(self, values):
        name = values["name"].strip()
        if not name:
            raise Refused("the team name must not be empty")
        english = optional_text(values.get("english"))
        code = values["code"].strip().upper()
        if len(code) != 3 or not all("A" <= c <= "Z" for c in code):
            raise Refused(f"invalid team code '{code}'")
        for text in (name, english, code):
            if text is not None and fold(text) in self.names:
                raise Refused(f"'{text}' already names a team")
        group = None
        if values.get("group") is not None:
            group = self.groups.get(fold(values["group"]))
            if group is None:
                raise Refused(f"unknown group '{values['group']}'")
        team = {"key": None, "code": code, "name": name, "english": english, "numbers": set(), "group": group}
        self.remember(team)
        self.new_teams.append(team)
        return f"added team {code} {name}"

    def add_player(self, values):
        team = self.team(values["team"])
        name = values["name"].strip()
        if not name:
            raise Refused("the name must not be empty")
        try:
            number = int(values["number"])
        except ValueError:
            raise Refused(f"invalid number '{values['number']}'") from None
        if len(team["numbers"]) >= self.squad_size:
            raise Refused(f"{team['name']} has {self.squad_size} players already, a full squad")
        position = values["position"].strip().upper()
        if position not in POSITIONS:
            raise Refused(f"invalid position '{values['position']}'")
        if not 1 <= number <= self.squad_size:
            raise Refused(f"shirt number {number} is not between 1 and {self.squad_size}")
        if number in GOALKEEPER_SHIRTS and position != "GK":
            raise Refused(f"only a goalkeeper wears number {number}")
        if number in team["numbers"]:
            raise Refused(f"{team['name']} has a player with number {number} already")
        born = optional_text(values.get("born"))
        if born is not None:
            try:
                day = datetime.date.fromisoformat(born)
            except ValueError:
                raise Refused(f"invalid date '{born}'") from None
            if age(day, self.first_day) not in AGES:
                raise Refused(f"'{born}' makes the player {age(day, self.first_day)} years old")
            born = (day - REFERENCE_DATE).days * 86400
        team["numbers"].add(number)
        given = optional_text(values.get("given"))
        club = optional_text(values.get("club"))
        self.new_players.append((team, given, name, born, club, number, position))
        given_part = f" {given}" if given else ""
        return f"added player {team['code']} {number}{given_part} {name}"

    def save(self):
        """Writes the edits in one transaction, keys from Z_PRIMARYKEY."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            team_key = self.next_key(self.team_entity)
            player_key = self.next_key(self.player_root)
            teams = []
            for team in self.new_teams:
                team_key += 1
                team["key"] = team_key
                teams.append((team_key, self.team_entity, team["code"], team["english"], team["name"], team["group"]))
            db.executemany(
                "INSERT INTO ZTEAM (Z_PK, Z_ENT, Z_OPT, ZCODE, ZENGLISHNAME, ZNAME, ZGROUP) VALUES (?, ?, 1, ?, ?, ?, ?)", teams
            )
            players = []
            for team, given, name, born, club, number, position in self.new_players:
                player_key += 1
                players.append((player_key, self.player_entity, given, name, born, club, number, position, team["key"]))
            db.executemany(
                "INSERT INTO ZHUMAN (Z_PK, Z_ENT, Z_OPT, ZGIVENNAME, ZNAME, ZBORN, ZCLUB, ZNUMBER, ZPOSITION, ZTEAM1)"
                " VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?)",
                players,
            )
            db.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?", (team_key, self.team_entity))
            db.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?", (player_key, self.player_root))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        self.new_teams = []
        self.new_players = []
        return "saved"

    def next_key(self, entity):
        return self.db.execute("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?", (entity,)).fetchone()[0]

    @property
    def has_changes(self):
        return bool(self.new_teams or self.new_players)


def main():
    if len(sys.argv) != 2:
        print("usage: python3 shell_script.py STORE < SCRIPT", file=sys.stderr)
        return 64
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("PRAGMA synchronous = NORMAL")
    store = Store(db)
    for number, line in enumerate(sys.stdin, start=1):
        try:
            words = shlex.split(line, comments=True)
            if not words:
                continue
            command = words[0]
            if command == "save" and len(words) == 1:
                print(store.save())
            elif command == "add-team":
                print(store.add_team(options(command, words[1:])))
            elif command == "add-player":
                print(store.add_player(options(command, words[1:])))
            else:
                raise Refused(f"unknown command '{command}'")
        except (Refused, ValueError) as error:
            print(f"line {number}: {error}", file=sys.stderr)
            return 65
    if store.has_changes:
        print("unsaved changes at the end of input; nothing saved", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
