"""A press file a GM's edit broke (or a disk's fault) was skipped by the reports in
silence: the player's press never went out and no one was told. `wtg status GAME` names
it (JSON ``press_unreadable``), and the press that can be read is untouched."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import address
from wtg.cli import main
from wtg.game.engine import create_game, open_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.press import Press, add_press, press_for

NOW = datetime(2026, 12, 5, 10, 0, tzinfo=timezone.utc)


def game_with_press(games_dir: Path) -> tuple[Path, Path, Path]:
    """g1 with two pieces of press for turn 1; the second broken by hand."""
    players = [
        PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in ((1, "Ann"), (2, "Bob"))
    ]
    create_game(games_dir / "g1", "wok4", "small", players, seed=3)
    game = open_game(games_dir / "g1")
    with game.store.lock():
        good = add_press(game.store, 1, Press(1, "Ann", "now", "Peace."), NOW)
        broken = add_press(game.store, 1, Press(2, "Bob", "now", "War!"), NOW)
    broken.write_text('{"side": 2, "name": "Bob", "text": "War!"', encoding="utf-8")  # cut
    return games_dir / "g1", good, broken


def test_status_names_a_press_file_that_cannot_be_read(tmp_path: Path) -> None:
    folder, _, broken = game_with_press(tmp_path)
    shown = CliRunner().invoke(main, ["status", str(folder)])
    assert shown.exit_code == 0, shown.output
    assert (
        f"PRESS UNREADABLE: {broken} (a player's press for turn 1): the reports go without "
        "it; mend its JSON or move it away"
    ) in shown.stdout
    as_json = CliRunner().invoke(main, ["status", str(folder), "--json"])
    assert json.loads(as_json.stdout)["press_unreadable"] == [str(broken)]
    assert [p.text for p in press_for(open_game(folder).store, 1)] == ["Peace."]


def test_a_game_whose_press_reads_well_says_nothing_of_it(tmp_path: Path) -> None:
    folder, _, broken = game_with_press(tmp_path)
    broken.unlink()
    shown = CliRunner().invoke(main, ["status", str(folder)])
    assert "PRESS UNREADABLE" not in shown.stdout
    as_json = CliRunner().invoke(main, ["status", str(folder), "--json"])
    assert json.loads(as_json.stdout)["press_unreadable"] == []


def test_the_host_wide_status_names_it_too(tmp_path: Path) -> None:
    _, _, broken = game_with_press(tmp_path)
    shown = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "status"])
    assert shown.exit_code == 0, shown.output
    assert (
        f"PRESS UNREADABLE: game g1: {broken}: the reports go without it; mend its JSON or "
        "move it away"
    ) in shown.stdout.splitlines()
    as_json = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "status", "--json"])
    (game,) = json.loads(as_json.stdout)["games"]
    assert game["press_unreadable"] == [str(broken)]
