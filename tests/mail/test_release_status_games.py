"""A `wtg quarantine --release KEY` cut short (killed after the journal forgot the mail held
and noted the release under way, before the mail left the rejected folder) is said by `wtg
status` (kill16); `wtg status GAME` and `wtg status --host`, the looks a GM takes at one
game and at the host, said nothing of it. The release keeps the game its mail's record
named: `wtg status g1` says it, `wtg status g2` does not; `--host` says every one. A release
begun by a wtg that kept no game (its journal older than the column) is said by the
host's looks alone."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from tests.conftest import players
from tests.mail.loop import NOW, World
from tests.mail.test_held_mail import held_one, wtg
from wtg.game.engine import create_game
from wtg.mail.spool.journal import JOURNAL_FILE, Journal


def cut_short(tmp_path: Path) -> tuple[World, str]:
    """A host with the games g1 and g2, and the release of a mail held for g1 cut short."""
    world = World(tmp_path)
    create_game(world.gm.games_dir / "g2", "wok4", "small", players(2), seed=5, now=NOW)
    key = held_one(world)
    journal = Journal(world.gm.spool)
    try:
        journal.begin_release(key, NOW.timestamp())  # killed here: the mail not moved
    finally:
        journal.close()
    return world, key


def line(key: str) -> str:
    return (
        f"CUT SHORT: the release of mail {key} (`wtg quarantine --release`) was cut short: "
        f"give `wtg quarantine --release {key}` again to finish it"
    )


def said(world: World, key: str, *look: str) -> tuple[bool, list[str]]:
    """Whether the look's text says the release of ``key`` cut short, and its JSON's keys of
    releases cut short."""
    text = wtg(world, "status", *look)
    listed = json.loads(wtg(world, "status", *look, "--json").stdout)
    return text.stdout.splitlines().count(line(key)) == 1, listed["releases_cut_short"]


def test_the_games_status_and_the_hosts_say_a_release_cut_short(tmp_path: Path) -> None:
    world, key = cut_short(tmp_path)
    assert said(world, key, "g1") == (True, [key])
    assert said(world, key, "g2") == (False, [])
    assert said(world, key, "--host") == (True, [key])
    assert said(world, key) == (True, [key])
    assert wtg(world, "quarantine", "--release", key).exit_code == 0
    for look in (("g1",), ("g2",), ("--host",), ()):
        assert json.loads(wtg(world, "status", *look, "--json").stdout)["releases_cut_short"] == []


def test_a_release_whose_game_was_not_kept_is_said_by_the_hosts_looks(tmp_path: Path) -> None:
    world, key = cut_short(tmp_path)
    with closing(sqlite3.connect(world.gm.spool / JOURNAL_FILE)) as db, db:
        db.execute("ALTER TABLE releases DROP COLUMN game")  # as a wtg before it left it
    assert said(world, key, "g1") == (False, [])
    assert said(world, key, "--host") == (True, [key])
    assert said(world, key) == (True, [key])
    again = wtg(world, "quarantine", "--release", key)
    assert again.exit_code == 0, again.output
    assert said(world, key, "--host") == (False, [])
