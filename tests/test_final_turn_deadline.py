"""A game's final turn recorded the schedule's next deadline in its turn.json, for a turn
that never comes: the lobby's STATUS answered `over after turn 1: no orders are taken.`
and then `Deadline: ...`, `wtg status g1 --json` gave the deadline, and `wtg remind`
reminded the winner of a turn that never runs. The final turn records none, and a final
turn an older wtg wrote with one is read as the game's end all the same."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from click.testing import CliRunner

from tests.mail.loop import GM, NOW, World
from tests.mail.test_map_note_without_form import quit_seats
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.game.schedule import iso
from wtg.gm.gamestatus import game_status
from wtg.mail.outgoing.sender import remind
from wtg.serve.nextwake import Timetables

SOON = NOW + timedelta(hours=30)
"""A deadline an older wtg wrote into the final turn's turn.json (the schedule's next)."""


def ended(root: Path) -> World:
    """A game that ended with turn 1: players 2, 3 and 4 quit, player 1 is the last."""
    world = World(root)
    quit_seats(world, 2, 3, 4)
    assert world.game.ruleset.is_over(world.game.state())
    return world


def written_by_older_wtg(world: World) -> None:
    """Turn 1's turn.json with the next deadline the older wtg wrote into it."""
    path = world.game.store.turn_dir(1) / "turn.json"
    meta = json.loads(path.read_text(encoding="utf-8"))
    meta["next_deadline"] = iso(SOON)
    path.write_text(json.dumps(meta), encoding="utf-8")


def test_the_final_turn_records_no_next_deadline(tmp_path: Path) -> None:
    world = ended(tmp_path)
    assert world.game.meta(0)["next_deadline"] == "2026-11-23T18:00:00Z"  # turn 1's, it came
    assert world.game.meta(1)["next_deadline"] is None
    assert world.game.deadline() is None
    assert game_status(world.game)["deadline"] is None


def test_a_final_turn_with_a_deadline_written_is_read_as_the_end(tmp_path: Path) -> None:
    world = ended(tmp_path)
    written_by_older_wtg(world)
    assert game_status(world.game)["deadline"] is None
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n")
    shown = CliRunner().invoke(main, ["--config", str(config), "status", "g1", "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["deadline"] is None
    # a day before the deadline written: a reminder would go now, for a turn never run
    assert remind(world.gm, now=SOON - timedelta(hours=12)).queued == 0
    assert not [name for name in world.outbox() if name.startswith("remind-")]


def test_the_lobby_status_of_a_final_turn_says_no_deadline(tmp_path: Path) -> None:
    world = ended(tmp_path)
    written_by_older_wtg(world)
    world.mail("STATUS g1\n", sender="p1@players.example", Subject="status")
    world.poll()
    (answer,) = [raw for name, raw in world.outbox().items() if "status" in raw.decode()[:2000]]
    text = answer.decode()
    assert "Game g1, over after turn 1: no orders are taken." in text
    assert "Deadline" not in text


def test_a_final_turn_rerun_that_ends_the_game_no_more_sets_its_deadline(
    tmp_path: Path,
) -> None:
    world = ended(tmp_path)
    fix = tmp_path / "fix.yaml"
    fix.write_text("player: 4\nturn: 1\n")  # the GM's correction: player 4 did not quit
    game_dir = str(world.game.store.root)
    corrected = CliRunner().invoke(main, ["orders", game_dir, str(fix), "--correct"])
    assert corrected.exit_code == 0, corrected.output
    rerun = CliRunner().invoke(main, ["run-turn", game_dir, "--rerun"])
    assert rerun.exit_code == 0, rerun.output
    assert not world.game.ruleset.is_over(world.game.state())
    # the deadline the turn would have set when it ran (its ran_at: NOW), as any turn's
    assert world.game.meta(1)["next_deadline"] == "2026-11-25T18:00:00Z"
    assert world.game.meta(1)["ran_at"] == iso(NOW)


def test_the_deadline_of_a_game_over_is_none_whatever_its_turn_json_says(
    tmp_path: Path,
) -> None:
    """`Game.deadline()` itself, not each of its readers, knows the game is over: it gave
    the deadline an older wtg wrote into the final turn, and every reader (status, the
    site, `wtg serve`'s wake-ups, ...) had to ask `is_over` first."""
    world = ended(tmp_path)
    written_by_older_wtg(world)
    game = open_game(world.game.store.root)
    assert game.meta(1)["next_deadline"] == iso(SOON)  # on file, as the older wtg wrote it
    assert game.deadline() is None
    assert game.deadline_stamp() is None
    assert game.deadline(1) is None
    assert game.deadline_stamp(0) == "2026-11-23T18:00:00Z"  # turn 1's, which came
    assert Timetables().read(world.gm.games_dir, remind_hours=24) == []  # serve wakes for none
