"""Turn 0's ``next_deadline`` edited by hand in its ``turn.json`` (a day earlier), game.yaml
untouched: `wtg status` said two NOTE lines blaming game.yaml, that its ``first:`` was
edited (``game.yaml's schedule says first: 2026-12-03 ... (its turn 0 set 2026-12-02)``)
and that its schedule gives the turns after it theirs. It says one now, naming the file
and key the GM changed, the deadline turn 0 set and its reports gave the players, and what
to do; an edit of ``first:`` is said as before."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from tests.test_deadline_slips import edit_deadline, two_games, wtg
from tests.test_first_edited import made, notes
from tests.test_gm_controls import head, run
from wtg.game.schedule import iso, parse_iso


def hand_set(root: Path, stamp: str) -> Path:
    path = root / "games" / "g1" / "turns" / "0000" / "turn.json"
    meta = json.loads(path.read_text(encoding="utf-8"))
    meta["next_deadline"] = stamp
    path.write_text(json.dumps(meta), encoding="utf-8")
    return path


def test_turn_zero_deadline_edited_earlier_is_said_as_such(tmp_path: Path) -> None:
    made(tmp_path)
    path = hand_set(tmp_path, "2026-12-02T18:00:00Z")
    said = run(tmp_path, "status", "g1").stdout.splitlines()
    note = (
        f"NOTE: {path}: next_deadline: '2026-12-02T18:00:00Z' (Wed 02 Dec 2026 18:00 UTC) is not "
        "the deadline turn 0 set, Thu 03 Dec 2026 18:00 UTC (game.yaml's first: 2026-12-03), "
        "which its reports gave the players: edited by hand? The turn runs at the deadline "
        "turn.json says, the players not told (put back '2026-12-03T18:00:00Z', or "
        f"`{head(tmp_path)} extend g1 HOURS` moves it and tells them)"
    )
    assert [line for line in said if line.startswith("NOTE")] == [note]
    data = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    assert data["first_edited"] == note.removeprefix("NOTE: ").replace(head(tmp_path), "wtg")
    assert data["schedule_edited"] is None
    (overview,) = [line for line in run(tmp_path, "status").stdout.splitlines() if "NOTE" in line]
    assert overview == note.replace("NOTE: ", "NOTE: game g1: ", 1)


def test_first_edited_is_still_said_as_an_edit_of_game_yaml(tmp_path: Path) -> None:
    config = made(tmp_path)
    config.write_text(config.read_text().replace("2026-12-03", "2026-12-02"))
    (note,) = notes(tmp_path, "g1")
    assert note.startswith("NOTE: game.yaml's schedule says first: 2026-12-02, ")


def test_a_coming_deadline_edited_earlier_gets_one_note(tmp_path: Path) -> None:
    """Still ahead, the edited deadline was said off game.yaml's schedule too, as though
    the schedule had been edited."""
    games = two_games(tmp_path)
    path = games / "g1" / "turns" / "0000" / "turn.json"
    set_at = json.loads(path.read_text(encoding="utf-8"))["next_deadline"]
    earlier = iso(parse_iso(set_at) - timedelta(days=1))
    edit_deadline(games, earlier)
    code, out, _ = wtg(games, "status", "g1")
    assert code == 0
    found = [line for line in out.splitlines() if line.startswith("NOTE")]
    assert len(found) == 1
    assert found[0].startswith(f"NOTE: {path}: next_deadline: '{earlier}' (")
    assert f"put back '{set_at}'" in found[0]


def test_a_later_turns_deadline_edited_by_hand_is_said_as_such(tmp_path: Path) -> None:
    """A turn after the first: its deadline edited by hand (a day earlier, say under a
    running `wtg serve`, which runs the turn at it) was said as game.yaml's schedule
    edited; `wtg status`, `remind` and the digest go by the edited one, the reports say
    the one the turn set, and the NOTE says which the GM changed."""
    games = two_games(tmp_path)
    assert wtg(games, "run-turn", "g1", "--now", "--unmailed")[0] == 0
    path = games / "g1" / "turns" / "0001" / "turn.json"
    set_at = json.loads(path.read_text(encoding="utf-8"))["next_deadline"]
    earlier = iso(parse_iso(set_at) - timedelta(days=1))
    meta = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**meta, "next_deadline": earlier}), encoding="utf-8")
    code, out, _ = wtg(games, "status", "g1", "--json")
    data = json.loads(out)
    assert (code, data["deadline"]) == (0, earlier)
    assert data["first_edited"] is None
    assert data["schedule_edited"].startswith(f"{path}: next_deadline: '{earlier}' (")
    assert "is not the deadline turn 1 set, " in data["schedule_edited"]
    assert f"put back '{set_at}'" in data["schedule_edited"]
