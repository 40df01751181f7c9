"""Every time a GM can edit in a turn's ``turn.json`` is read as ``next_deadline`` is
(tests/test_deadline_slips.py): ``ran_at``, ``deadline`` and ``deadline_set`` set to a
year past 8999 or before 1970 were taken, and `wtg status` stopped with Python's
OverflowError on a ``deadline_set`` of ``9999-12-31T23:59:00Z`` in a game kept in
Europe/Berlin, while a ``ran_at`` of that year dropped the turn from the digest's turns
run. Each is now refused by every command with the file, the key and what to do, the
other game going on."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.test_deadline_slips import COMMANDS, two_games, wtg
from wtg.game.engine import TurnFileEdited, open_game

EDITED = (
    "(edited by hand? turn.json is wtg's record of the turn: put back what it held; a "
    "deadline is moved with `wtg extend g1 HOURS`)"
)


def edit_turn_zero(games: Path, key: str, stamp: str) -> Path:
    path = games / "g1" / "turns" / "0000" / "turn.json"
    meta = json.loads(path.read_text(encoding="utf-8"))
    meta[key] = stamp
    path.write_text(json.dumps(meta), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("key", "stamp", "said"),
    [
        ("ran_at", "9999-12-31T23:59:00Z", "a turn runs in a year from 1970 to 8999, and 9999"),
        ("ran_at", "0001-01-01T00:00:00Z", "a turn runs in a year from 1970 to 8999, and 1"),
        (
            "deadline",
            "9999-12-31T23:59:00Z",
            "a deadline falls in a year from 1970 to 8999, and 9999",
        ),
        (
            "deadline_set",
            "9999-12-31T23:59:00Z",
            "a deadline falls in a year from 1970 to 8999, and 9999",
        ),
    ],
)
def test_a_time_of_turn_json_off_the_years_is_refused_by_every_command(
    tmp_path: Path, key: str, stamp: str, said: str
) -> None:
    games = two_games(tmp_path)
    path = edit_turn_zero(games, key, stamp)
    refusal = f"{path}: {key}: {stamp!r}: {said} is none {EDITED}"
    before = path.read_text(encoding="utf-8")
    for command in COMMANDS:
        code, _, err = wtg(games, *command)
        assert (code, err) == (1, f"wtg: {refusal}\n"), command
    assert path.read_text(encoding="utf-8") == before
    code, out, err = wtg(games, "status")
    assert code == 1
    assert out.startswith("g2 wok4 turn 1: 0 of 2 orders in")
    assert f"{games / 'g1'}: cannot be read, skipped: {refusal}" in out + err
    code, out, _ = wtg(games, "digest")
    assert code == 0
    assert "Game folders that cannot be read:" in out
    assert f"turn.json: {key}: {stamp!r}:" in " ".join(out.split())


def test_a_deadline_set_that_is_no_time_is_refused(tmp_path: Path) -> None:
    games = two_games(tmp_path)
    path = edit_turn_zero(games, "deadline_set", "2026-12-09 18:00")
    refusal = (
        f"wtg: {path}: deadline_set: '2026-12-09 18:00' is not a time as wtg writes it (UTC, as "
        f"2026-12-06T17:00:00Z) {EDITED}\n"
    )
    for command in COMMANDS:
        assert wtg(games, *command)[::2] == (1, refusal), command


def test_a_move_of_the_deadline_off_the_years_is_refused_before_it_is_undone(
    tmp_path: Path,
) -> None:
    """A move `wtg extend` recorded, its ``from`` edited into year 9999: `wtg extend --undo`
    moved the deadline back to it, wrote that, and every command after refused the game."""
    games = two_games(tmp_path)
    assert wtg(games, "extend", "g1", "24")[0] == 0
    path = games / "g1" / "turns" / "0000" / "turn.json"
    meta = json.loads(path.read_text(encoding="utf-8"))
    meta["moved"][0]["from"] = "9999-12-30T17:00:00Z"
    path.write_text(json.dumps(meta), encoding="utf-8")
    refusal = (
        f"wtg: {path}: moved[0].from: '9999-12-30T17:00:00Z': a deadline falls in a year from "
        f"1970 to 8999, and 9999 is none {EDITED}\n"
    )
    for command in (("extend", "g1", "--undo"), *COMMANDS):
        assert wtg(games, *command)[::2] == (1, refusal), command
    assert json.loads(path.read_text(encoding="utf-8")) == meta


def test_a_time_edited_in_the_same_size_and_second_is_checked_again(tmp_path: Path) -> None:
    """A Game that found turn.json's times good (pollcpu48: not checked again while the
    file is the one it parsed) sees a GM's edit of the same size, its time on disk put
    back (review48b): the times are checked again, and the day the calendar has not is
    refused."""
    games = two_games(tmp_path)
    game = open_game(games / "g1")
    path = games / "g1" / "turns" / "0000" / "turn.json"
    good = game.meta(0)["next_deadline"]
    assert isinstance(good, str) and good[5:7] != "02"
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    edited = text.replace(good, f"{good[:5]}02-30{good[10:]}")
    assert edited != text and len(edited) == len(text)
    path.write_text(edited, encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size
    with pytest.raises(TurnFileEdited, match="next_deadline"):
        game.meta(0)
