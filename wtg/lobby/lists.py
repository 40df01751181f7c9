"""Waiting lists: a GM opens one for a ruleset (`wtg open-list`), players put themselves on
it by mail (``JOIN <ruleset>``, confirmed), and a game is made from it once it holds enough
confirmed players (``wtg.lobby.start``). A list stays open after a game: the next players
wait for the next game, until the GM closes it (`wtg close-list`, ``wtg.lobby.closing``):
a closed list keeps its row (the games made from it name it, and its count of games goes
on when the name is opened again), marked ``closed``, and is no list a JOIN or a game
finds (``all_lists``: the open ones)."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path

from wtg.core.errors import UsageError, WtgError
from wtg.core.record import Record
from wtg.lobby.database import FILE, FOLDER, LobbyDatabase, column, stamp
from wtg.lobby.people import ANY, GROUPS, Person, fits
from wtg.text.shellcommand import shell_command


class ListRefused(UsageError, ValueError):
    """A list that cannot be opened as asked; the message says why."""


class OpenAlready(ListRefused):
    """The list asked for is open already with the very settings asked (the command given
    twice): nothing to do. ``found`` is that list."""

    def __init__(self, found: WaitingList) -> None:
        super().__init__(f"a waiting list {found.name} is open already, as asked")
        self.found = found


SETTINGS = ("ruleset", "variant", "map", "players", "group", "every_days", "at", "timezone")
"""What `wtg open-list` sets of a list (and ``robots_after``, a number compared as one)."""


class WaitingList(Record):
    name: str
    ruleset: str
    variant: str | None
    map: str
    players: int
    group: str
    every_days: int | None
    at: str | None
    robots_after: float | None
    opened: str
    games: int
    timezone: str = "UTC"
    """The zone of ``at`` (`open-list --timezone`): UTC for a list opened without one."""
    closed: str | None = None
    """When `wtg close-list` closed it (the book's stamp); None while it is open."""

    def title(self) -> str:
        """``wok4 on classic60, 10 players, open to all`` (a list of any group: it said
        ``for every player``, which read as a game for each player, and in a JOIN's answer
        ``for every player, as Amy``), or ``... for beginner players`` (the group in the
        sentence's lower case, as `open-list --group` takes it: it read ``for Beginner
        players``)."""
        ruleset = f"{self.ruleset} {self.variant}" if self.variant else self.ruleset
        group = "open to all" if self.group == ANY else f"for {self.group} players"
        return f"{ruleset} on {self.map}, {self.players} players, {group}"

    def deadlines(self) -> str:
        """``deadlines every 2 days at 18:00 Europe/Vienna``, or ``no deadlines``."""
        if self.every_days is None:
            return "no deadlines"
        days = "day" if self.every_days == 1 else f"{self.every_days} days"
        return f"deadlines every {days} at {self.at} {self.timezone}"

    def start_early(self) -> str | None:
        """``starts with the players there 36 hours after the first confirmed``, or None for
        a list that waits until it is full (`open-list --robots-after`)."""
        if self.robots_after is None:
            return None
        hours = "hour" if self.robots_after == 1 else "hours"
        return (
            f"starts with the players there {self.robots_after:g} {hours} after the first confirmed"
        )

    def to_dict(self) -> dict[str, object]:
        return self.field_values()


class Waiting(Record):
    """A confirmed player on a list, waiting for its next game."""

    person: int
    name: str
    address: str
    since: str


def _list(row: sqlite3.Row) -> WaitingList:
    return WaitingList(
        name=str(row["name"]),
        ruleset=str(row["ruleset"]),
        variant=row["variant"],
        map=str(row["map"]),
        players=int(row["players"]),
        group=str(row["grp"]),
        every_days=row["every_days"],
        at=row["at"],
        robots_after=row["robots_after"],
        opened=str(row["opened"]),
        games=int(row["games"]),
        timezone=str(column(row, "timezone", "UTC")),
        closed=column(row, "closed", None),
    )


def every_list(book: LobbyDatabase) -> list[WaitingList]:
    """The lists open and closed, by name."""
    return [_list(row) for row in book.rows("SELECT * FROM lists ORDER BY name")]


def all_lists(book: LobbyDatabase) -> list[WaitingList]:
    """The open lists, by name."""
    return [wl for wl in every_list(book) if wl.closed is None]


def closed_lists(book: LobbyDatabase) -> list[WaitingList]:
    """The lists `wtg close-list` closed (and not opened again), by name."""
    return [wl for wl in every_list(book) if wl.closed is not None]


def find_list(book: LobbyDatabase, name: str) -> WaitingList | None:
    """The list of that name, open or closed (``closed`` says which)."""
    row = book.row("SELECT * FROM lists WHERE name = ?", name.lower())
    return None if row is None else _list(row)


def list_of_host(games_dir: Path, name: str) -> WaitingList | None:
    """The waiting list ``name`` of the games folder ``games_dir``, open or closed, for a
    GM's slip (`wtg status wok4`: a list's name given for a game's): None when there is
    none, when the folder has no lobby's book (none is made for the asking), and when the
    book cannot be read now (an error's line says the slip without it)."""
    if not (games_dir / FOLDER / FILE).is_file():
        return None
    try:
        with LobbyDatabase(games_dir) as book:
            return find_list(book, name)
    except (OSError, sqlite3.Error, WtgError):
        return None


def _same_settings(found: WaitingList, wanted: WaitingList) -> bool:
    """Whether the list open is the list asked for, setting by setting."""
    same = all(getattr(found, name) == getattr(wanted, name) for name in SETTINGS)
    return same and (found.robots_after or 0) == (wanted.robots_after or 0)


def add_list(book: LobbyDatabase, wanted: WaitingList) -> WaitingList:
    """Open a list (checked by the caller against the ruleset); ListRefused when a list of
    that name is open (OpenAlready when it is open with these very settings). A list of
    that name that was closed is opened again with the settings wanted (its count of games
    goes on: the next game's name is a new one), unless a close-list cut short left
    players on it not yet told (given again first)."""
    if wanted.group not in GROUPS:
        raise ListRefused(f"--group takes {', '.join(GROUPS)}, not {wanted.group!r}")
    found = find_list(book, wanted.name)
    if found is not None and found.closed is None and _same_settings(found, wanted):
        raise OpenAlready(found)
    if found is not None and found.closed is None:
        raise ListRefused(
            f"a waiting list {found.name} is open already ({found.title()}; {found.deadlines()}): "
            "to open it with other settings, close it first "
            f"(`{shell_command('wtg', 'close-list', found.name)}`: whoever waits on it is told), "
            "then give this command again"
        )
    if found is not None and waiting(book, found.name):
        raise ListRefused(
            f"the waiting list {found.name} was closed and some who waited on it are not told yet: "
            f"give `{shell_command('wtg', 'close-list', found.name)}` again first"
        )
    with book.write() as db:  # a closed list opened again keeps its count of games
        db.execute(
            "INSERT INTO lists (name, ruleset, variant, map, players, grp, every_days, at, "
            "timezone, robots_after, opened, games) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0) "
            "ON CONFLICT (name) DO UPDATE SET ruleset = excluded.ruleset, "
            "variant = excluded.variant, map = excluded.map, players = excluded.players, "
            "grp = excluded.grp, every_days = excluded.every_days, at = excluded.at, "
            "timezone = excluded.timezone, robots_after = excluded.robots_after, "
            "opened = excluded.opened, closed = NULL",
            (
                wanted.name,
                wanted.ruleset,
                wanted.variant,
                wanted.map,
                wanted.players,
                wanted.group,
                wanted.every_days,
                wanted.at,
                wanted.timezone,
                wanted.robots_after,
                wanted.opened,
            ),
        )
    found = find_list(book, wanted.name)
    assert found is not None
    return found


def list_name(ruleset: str, variant: str | None, group: str) -> str:
    """The name a list gets: ``wok4``, ``standard-duel``, ``wok4-advanced``."""
    parts = [ruleset, variant or "", "" if group == ANY else group]
    return "-".join(p for p in parts if p).lower()


def waiting(book: LobbyDatabase, name: str) -> list[Waiting]:
    """The confirmed players waiting on a list, first come first."""
    rows = book.rows(
        "SELECT e.person, p.name, e.address, e.since FROM entries e JOIN people p "
        "ON p.id = e.person WHERE e.list = ? AND e.game IS NULL ORDER BY e.since, e.person",
        name,
    )
    return [Waiting(int(r[0]), str(r[1]), str(r[2]), str(r[3])) for r in rows]


def lists_for(
    book: LobbyDatabase, ruleset: str, variant: str | None, person: Person | None
) -> tuple[list[WaitingList], list[WaitingList]]:
    """The lists of a ruleset (and variant, when named) that take the person, and those of
    the ruleset that do not (their group is another)."""
    of_ruleset = [
        wl
        for wl in all_lists(book)
        if wl.ruleset == ruleset.lower() and (variant is None or wl.variant == variant.lower())
    ]
    taking = [wl for wl in of_ruleset if fits(wl.group, person)]
    # a list of one's own group first; without a variant named, the plain game's list
    taking.sort(key=lambda wl: (wl.group == ANY, variant is None and wl.variant is not None))
    return taking, [wl for wl in of_ruleset if wl not in taking]


def list_named(
    book: LobbyDatabase, name: str, person: Person | None
) -> tuple[list[WaitingList], list[WaitingList]]:
    """A JOIN of a list's name as LIST shows it (``JOIN wok4-beginner``: a player copies
    it), as ``lists_for`` gives a ruleset's: the open list of that name when it takes the
    person, else in the second list when its group is another; none when no list is open
    by that name."""
    found = find_list(book, name)
    if found is None or found.closed is not None:
        return [], []
    return ([found], []) if fits(found.group, person) else ([], [found])


def on_list(book: LobbyDatabase, name: str, person: int) -> bool:
    row = book.row(
        "SELECT 1 FROM entries WHERE list = ? AND person = ? AND game IS NULL", name, person
    )
    return row is not None


def mark_closed(db: sqlite3.Connection, name: str, moment: datetime) -> None:
    """The list closed (inside the caller's transaction): no JOIN or game finds it now."""
    db.execute("UPDATE lists SET closed = ? WHERE name = ?", (stamp(moment), name))


def put_on(db: sqlite3.Connection, name: str, person: int, address: str, moment: datetime) -> None:
    db.execute(
        "INSERT OR IGNORE INTO entries (list, person, address, since) VALUES (?, ?, ?, ?)",
        (name, person, address, stamp(moment)),
    )
