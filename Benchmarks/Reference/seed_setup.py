"""og-bench's reference for workload S3: `em init --setup SETUP --store STORE` done with
Python's standard library alone.

Usage: python3 seed_setup.py SCHEMA SETUP STORE

SCHEMA is a store em made: the script reads from it what em derives from its model, the
CREATE statements, the entity numbers (Z_PRIMARYKEY) and the metadata (Z_METADATA's property
list, which gets a new NSStoreUUID); none of its rows. SETUP is a setup property list (the
format at the top of Sources/EMPlanner/SetupData+Plist.swift), parsed with plistlib; STORE is
the new store, which must not exist.

It checks what em's validation checks for the setups og-bench generates: group names and team
names, English names and codes unique (ignoring case and diacritics), codes three capital
letters, names not empty, the rule set's squad rules (at most 23 players under euro2012 and euro2016,
26 under euro2020 and euro2024, shirt numbers 1 to the squad's size and unique in the team,
number 1 a goalkeeper's, players 15 to 50 years old on the day of the first kick-off, in UTC),
positions GK, DF, MF or FW, dates of birth YYYY-MM-DD, a known rule set, matches between known teams of the match's
group, known rounds and time zones. It refuses what those setups never hold (goals, cards,
knockout slots, results, official orders, matches without a time zone) rather than do less than
em would with them. Then it writes what em writes, in em's order and Core Data's layout: the
competition, the groups, the teams, each team's coach and players, the matches; keys counted
from 1 per root entity, Z_MAX moved on, one transaction; the store in WAL mode, as em leaves it.
It prints em's summary line; a refused setup exits with status 65 and leaves no store.
"""

import datetime
import os
import plistlib
import sqlite3
import sys
import unicodedata
import uuid
import zoneinfo

POSITIONS = {"GK", "DF", "MF", "FW"}
ROUNDS = {"group", "round16", "quarterfinal", "semifinal", "final"}
# The most players a squad has, by rule set: they wear 1 to that number, 1 a goalkeeper.
SQUAD_SIZES = {"euro2012": 23, "euro2016": 23, "euro2020": 26, "euro2024": 26}
RULE_SETS = set(SQUAD_SIZES)
GOALKEEPER_SHIRTS = {1}
AGES = range(15, 51)
# Core Data's dates: seconds since 2001-01-01 00:00 UTC.
REFERENCE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)
UNSUPPORTED_MATCH_KEYS = {"homeSlot", "awaySlot", "homeGoals", "awayGoals", "afterExtraTime", "homePenalties",
                          "awayPenalties", "goals", "cards"}


class Refused(Exception):
    """A setup em would refuse (or one this reference does not cover): the key path and why."""


def fold(text):
    """A name as em compares names: trimmed, ignoring case and diacritics."""
    decomposed = unicodedata.normalize("NFD", text.strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def require_name(text, path):
    if not isinstance(text, str) or not text.strip():
        raise Refused(f"{path}: must not be empty")


def seconds(date):
    """A datetime as Core Data stores it."""
    return (date - REFERENCE).total_seconds()


def age(born, day):
    """Whole years on `day` of someone born on `born` (dates)."""
    return day.year - born.year - (0 if (day.month, day.day) >= (born.month, born.day) else 1)


def first_day(matches):
    """The day (UTC) of the earliest kick-off, or today before any match."""
    kickoffs = [datetime.datetime.fromisoformat(match["kickoff"]) for match in matches]
    if any(kickoff.tzinfo is None for kickoff in kickoffs):
        raise Refused("kickoff: expected an offset")
    earliest = min(kickoffs) if kickoffs else datetime.datetime.now(datetime.timezone.utc)
    return earliest.astimezone(datetime.timezone.utc).date()


def validate(setup):
    """The teams in em's order (groups' teams, then those in no group), each with its group's
    name, after em's checks."""
    if "tournament" not in setup:
        raise Refused("tournament: missing required key")
    if setup.get("ruleSet", "euro2012") not in RULE_SETS:
        raise Refused(f"ruleSet: unknown rule set {setup['ruleSet']!r}")
    squad_size = SQUAD_SIZES[setup.get("ruleSet", "euro2012")]
    today = first_day(setup["matches"])
    entries = []
    group_names = set()
    for g, group in enumerate(setup["groups"]):
        require_name(group["name"], f"groups[{g}].name")
        if group["name"] in group_names:
            raise Refused(f"groups[{g}].name: duplicate group {group['name']!r}")
        if "officialOrder" in group:
            raise Refused(f"groups[{g}].officialOrder: not covered by this reference")
        group_names.add(group["name"])
        entries += [(team, f"groups[{g}].teams[{t}]", group["name"]) for t, team in enumerate(group["teams"])]
    entries += [(team, f"teams[{t}]", None) for t, team in enumerate(setup.get("teams", []))]
    keys = {}
    team_groups = {}
    for team, path, group in entries:
        require_name(team["name"], f"{path}.name")
        code = team["code"]
        if len(code) != 3 or not all("A" <= c <= "Z" for c in code):
            raise Refused(f"{path}.code: expected three capital letters, found {code!r}")
        for key in ("name", "englishName", "code"):
            if key in team:
                folded = fold(team[key])
                if keys.get(folded, team["name"]) != team["name"]:
                    raise Refused(f"{path}.{key}: {team[key]!r} already names team {keys[folded]!r}")
                keys[folded] = team["name"]
        if team["name"] in team_groups:
            raise Refused(f"{path}.name: duplicate team {team['name']!r}")
        team_groups[team["name"]] = group
        if "coach" in team:
            require_name(team["coach"]["name"], f"{path}.coach.name")
        if len(team["players"]) > squad_size:
            raise Refused(
                f"{path}.players[{squad_size}]: team {team['name']!r} has {len(team['players'])} players,"
                f" more than the {squad_size} a squad has"
            )
        numbers = set()
        for p, player in enumerate(team["players"]):
            player_path = f"{path}.players[{p}]"
            number = player["number"]
            if not 1 <= number <= squad_size:
                raise Refused(f"{player_path}.number: expected an integer from 1 to {squad_size}, found {number}")
            if number in numbers:
                raise Refused(f"{player_path}.number: duplicate shirt number {number} in team {team['name']!r}")
            numbers.add(number)
            require_name(player["name"], f"{player_path}.name")
            if player["position"] not in POSITIONS:
                raise Refused(f"{player_path}.position: expected GK, DF, MF or FW, found {player['position']!r}")
            if number in GOALKEEPER_SHIRTS and player["position"] != "GK":
                raise Refused(f"{player_path}.number: only a goalkeeper wears number {number}")
            if "born" in player:
                try:
                    day = datetime.date.fromisoformat(player["born"])
                except ValueError:
                    raise Refused(f"{player_path}.born: expected a date as YYYY-MM-DD, found {player['born']!r}") from None
                if age(day, today) not in AGES:
                    raise Refused(f"{player_path}.born: {player['born']!r} makes the player {age(day, today)} years old")
    for m, match in enumerate(setup["matches"]):
        path = f"matches[{m}]"
        unsupported = UNSUPPORTED_MATCH_KEYS & match.keys()
        if unsupported or "timeZone" not in match:
            raise Refused(f"{path}: {sorted(unsupported) or 'no timeZone'} not covered by this reference")
        if match["round"] not in ROUNDS:
            raise Refused(f"{path}.round: unknown round {match['round']!r}")
        for key in ("home", "away"):
            if match.get(key) not in team_groups:
                raise Refused(f"{path}.{key}: unknown team {match.get(key)!r}")
            if match["round"] == "group" and team_groups[match[key]] != match.get("group"):
                raise Refused(f"{path}.{key}: team {match[key]!r} is not in group {match.get('group')!r}")
        zoneinfo.ZoneInfo(match["timeZone"])
        require_name(match["venue"], f"{path}.venue")
        require_name(match["city"], f"{path}.city")
    return entries


def born(player):
    if "born" not in player:
        return None
    try:
        day = datetime.date.fromisoformat(player["born"])
    except ValueError:
        raise Refused(f"born: expected a date as YYYY-MM-DD, found {player['born']!r}") from None
    return seconds(datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc))


def create(db, schema_path):
    """em's tables, indexes, entity numbers and metadata (with a new store UUID)."""
    schema = sqlite3.connect(f"file:{schema_path}?mode=ro", uri=True)
    statements = [sql for (sql,) in schema.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")]
    entities = schema.execute("SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY ORDER BY Z_ENT").fetchall()
    version, plist = schema.execute("SELECT Z_VERSION, Z_PLIST FROM Z_METADATA").fetchone()
    schema.close()
    for sql in statements:
        db.execute(sql)
    db.executemany("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, ?, 0)", entities)
    store_uuid = str(uuid.uuid4()).upper()
    metadata = plistlib.loads(plist)
    metadata["NSStoreUUID"] = store_uuid
    db.execute(
        "INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (?, ?, ?)",
        (version, store_uuid, plistlib.dumps(metadata, fmt=plistlib.FMT_BINARY)),
    )
    return {name: (entity, parent) for entity, name, parent in entities}


def seed(db, setup, entries, entities):
    """The setup's rows, in em's order."""

    def entity(name):
        return entities[name][0]

    def root(name):
        number, parent = entities[name]
        while parent:
            number, parent = next(value for value in entities.values() if value[0] == parent)
        return number

    keys = {}

    def key(name):
        number = root(name)
        keys[number] = keys.get(number, 0) + 1
        return keys[number]

    db.execute(
        "INSERT INTO ZCOMPETITION (Z_PK, Z_ENT, Z_OPT, ZRULESET, ZTITLE) VALUES (?, ?, 1, ?, ?)",
        (key("Competition"), entity("Competition"), setup.get("ruleSet", "euro2012"), setup["tournament"]),
    )
    groups = {}
    for group in setup["groups"]:
        groups[group["name"]] = key("Group")
        db.execute(
            "INSERT INTO ZGROUP (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (?, ?, 1, ?)",
            (groups[group["name"]], entity("Group"), group["name"]),
        )
    teams = {}
    for team, _, group in entries:
        teams[team["name"]] = key("Team")
    coaches = []
    players = []
    team_rows = []
    for team, _, group in entries:
        team_key = teams[team["name"]]
        coach_key = None
        if "coach" in team:
            coach_key = key("Coach")
            coaches.append((coach_key, entity("Coach"), team["coach"].get("givenname"), team["coach"]["name"], team_key))
        for player in team["players"]:
            players.append(
                (
                    key("Player"), entity("Player"), player.get("givenname"), player["name"], born(player),
                    player.get("club"), player["number"], player["position"], team_key,
                )
            )
        team_rows.append(
            (
                team_key, entity("Team"), team["code"], team.get("englishName"), team["name"], team.get("ranking"),
                coach_key, groups.get(group),
            )
        )
    db.executemany(
        "INSERT INTO ZTEAM (Z_PK, Z_ENT, Z_OPT, ZCODE, ZENGLISHNAME, ZNAME, ZRANKING, ZCOACH, ZGROUP)"
        " VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)",
        team_rows,
    )
    db.executemany("INSERT INTO ZHUMAN (Z_PK, Z_ENT, Z_OPT, ZGIVENNAME, ZNAME, ZTEAM) VALUES (?, ?, 1, ?, ?, ?)", coaches)
    db.executemany(
        "INSERT INTO ZHUMAN (Z_PK, Z_ENT, Z_OPT, ZGIVENNAME, ZNAME, ZBORN, ZCLUB, ZNUMBER, ZPOSITION, ZTEAM1)"
        " VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?)",
        players,
    )
    matches = []
    for match in setup["matches"]:
        kickoff = datetime.datetime.fromisoformat(match["kickoff"])
        if kickoff.tzinfo is None:
            raise Refused(f"kickoff: expected an offset, found {match['kickoff']!r}")
        matches.append(
            (
                key("Match"), entity("Match"), match["city"], seconds(kickoff), match["round"], match["timeZone"],
                match["venue"], teams[match["away"]], groups.get(match.get("group")), teams[match["home"]],
            )
        )
    db.executemany(
        "INSERT INTO ZMATCH (Z_PK, Z_ENT, Z_OPT, ZAFTEREXTRATIME, ZCITY, ZKICKOFF, ZROUND, ZTIMEZONE, ZVENUE, ZAWAYTEAM,"
        " ZGROUP, ZHOMETEAM) VALUES (?, ?, 1, 0, ?, ?, ?, ?, ?, ?, ?, ?)",
        matches,
    )
    db.executemany("UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?", [(count, number) for number, count in keys.items()])
    return len(players)


def main():
    if len(sys.argv) != 4:
        print("usage: python3 seed_setup.py SCHEMA SETUP STORE", file=sys.stderr)
        return 64
    schema_path, setup_path, store_path = sys.argv[1:]
    if os.path.exists(store_path):
        print(f"{store_path} exists", file=sys.stderr)
        return 73
    try:
        with open(setup_path, "rb") as file:
            setup = plistlib.load(file)
        entries = validate(setup)
    except (Refused, KeyError, TypeError, ValueError, zoneinfo.ZoneInfoNotFoundError) as error:
        print(f"{setup_path}: {error}", file=sys.stderr)
        return 65
    db = sqlite3.connect(store_path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        db.execute("BEGIN IMMEDIATE")
        entities = create(db, schema_path)
        players = seed(db, setup, entries, entities)
        db.execute("COMMIT")
    except Refused as error:
        db.close()
        os.remove(store_path)
        print(f"{setup_path}: {error}", file=sys.stderr)
        return 65
    db.close()
    print(
        f"seeded {setup['tournament']}: {len(setup['groups'])} groups, {len(entries)} teams, {players} players,"
        f" {len(setup['matches'])} matches"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
