"""A turn's turn.json edited by hand (the GM moving a deadline there rather than with `wtg
extend`): a slip in its JSON (a comma left before the closing brace) was read as a turn
that set no deadline, and `wtg status` said `NO DEADLINE: its turn 0 set none (game.yaml's
schedule came after it ran)`, a cause that was not the case, while no deadline ever ran
the turn; a time not written as wtg writes it (`"2026-12-06 18:00"`) stopped every
command with Python's `time data ... does not match format '%Y-%m-%dT%H:%M:%SZ'`, naming
neither the file nor what to do. Both now name the file, what is wrong in it and what to
do, as a slip in game.yaml is named, and the game is refused until it is mended."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gmtyped import wtg


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (
            lambda text: text.replace("}", ",}"),
            "cannot be read: Expecting property name enclosed in double quotes",
        ),
        (
            lambda text: text.replace(
                '"next_deadline": "2026-12-06T17:00:00Z"', '"next_deadline": "2026-12-06 18:00"'
            ),
            "next_deadline: '2026-12-06 18:00' is not a time as wtg writes it (UTC, as "
            "2026-12-06T17:00:00Z)",
        ),
    ],
)
def test_a_turn_json_edited_wrong_is_named_with_what_to_do(
    tmp_path: Path, edit: object, said: str
) -> None:
    games = tmp_path / "games"
    games.mkdir(mode=0o700)
    made = wtg(
        "--games-dir", games, "new-game", "g1", "--ruleset", "wok4", "--map", "small",
        "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org",
        "--every", "2", "--at", "18:00", "--timezone", "Europe/Vienna",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    turn = games / "g1" / "turns" / "0000" / "turn.json"
    text = turn.read_text(encoding="utf-8")
    deadline = text.split('"next_deadline": "')[1].split('"')[0]
    text = text.replace(deadline, "2026-12-06T17:00:00Z")
    turn.write_text(edit(text), encoding="utf-8")  # type: ignore[operator]
    what = f"{turn}: {said}" if "next_deadline" in said else f"{turn} {said}"
    todo = (
        "(edited by hand? turn.json is wtg's record of the turn: put back what it held; "
        f"a deadline is moved with `wtg --games-dir {games} extend g1 HOURS`)"
    )  # as given: the --games-dir of the command line
    shown = wtg("--games-dir", games, "status", "g1")
    assert shown.exit_code == 1
    assert what in shown.stderr and todo in " ".join(shown.stderr.split()), shown.output
    listed = wtg("--games-dir", games, "status")
    assert what in listed.output and todo in " ".join(listed.output.split()), listed.output
    assert "NO DEADLINE" not in listed.output + shown.output
    turn.write_text(text, encoding="utf-8")
    assert wtg("--games-dir", games, "status", "g1").exit_code == 0
