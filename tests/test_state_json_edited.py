"""A turn's state.json edited by hand into what the rules never write (a field removed, a
number written as a text): a missing field stopped every command with Python's KeyError,
and a text where a number belongs was read into the state and carried into the next turn.
Both are refused now where the file is read, naming the file, what is wrong in it and what
to do, as a slip in turn.json is (tests/test_turn_json_edited.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.gmtyped import wtg
from wtg.core.jsondata import JsonObject, json_list, json_object

TODO = (
    "(edited by hand? state.json is wtg's record of the game after the turn: put back what it held)"
)


def _pop_as_text(data: JsonObject) -> None:
    json_object(json_list(data["provinces"])[0])["pop"] = "118"


def _no_seats(data: JsonObject) -> None:
    del data["seats"]


@pytest.mark.parametrize(
    ("edit", "said"),
    [(_pop_as_text, "expected a whole number, found '118'"), (_no_seats, "no 'seats'")],
)
def test_a_state_json_edited_wrong_is_named_with_what_to_do(
    tmp_path: Path, edit: Callable[[JsonObject], None], said: str
) -> None:
    games = tmp_path / "games"
    games.mkdir(mode=0o700)
    made = wtg(
        "--games-dir", games, "new-game", "g1", "--ruleset", "wok4", "--map", "small",
        "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    path = games / "g1" / "turns" / "0000" / "state.json"
    text = path.read_text(encoding="utf-8")
    data = json_object(json.loads(text))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    shown = wtg("--games-dir", games, "status", "g1")
    assert shown.exit_code == 1, shown.output
    assert f"{path}: {said}" in shown.stderr, shown.output
    assert TODO in " ".join(shown.stderr.split()), shown.output
    path.write_text(text, encoding="utf-8")
    assert wtg("--games-dir", games, "status", "g1").exit_code == 0
