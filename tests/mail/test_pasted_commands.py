"""The commands wtg prints for the GM to paste into a shell are quoted for it where they
carry a word from outside: a player's address (``o'neil@...`` is one, and so is one with a
backtick, which a shell would run), a mail's key, an outbox's name. Pasted, each word is the
one wtg meant, and nothing in it runs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main
from wtg.game.bounces import Bounce, bounces_of, mark_bounce
from wtg.game.engine import create_game, open_game
from wtg.game.gameconfig import PlayerEntry
from wtg.mail.incoming.bounce import marked_lines
from wtg.mail.spool.hostgames import Registry

HOSTILE = "o'neil`id`&x@players.example"
"""An address email-validator takes (a quote and backticks are letters of a local part)."""


def test_the_bounce_line_quotes_the_players_address(tmp_path: Path) -> None:
    games = tmp_path / "games"
    players = [PlayerEntry(1, "P1", "p1@players.example", "CODE0001")]
    players.append(PlayerEntry(2, "P2", HOSTILE, "CODE0002"))
    create_game(games / "g1", "wok4", "small", players, 5)
    mark_bounce(games / "g1", Bounce(HOSTILE, "2026-11-23", "5.1.1", "gone", message="m1"))
    (line,) = marked_lines(Registry(games), {"m1"})
    command = line.rpartition("then `")[2].removesuffix("`")
    assert shlex.split(command) == ["wtg", "bounces", "--clear", HOSTILE]
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {games}\n", encoding="utf-8")
    cleared = CliRunner().invoke(main, ["--config", str(config), *shlex.split(command)[1:]])
    assert cleared.exit_code == 0, cleared.output
    assert bounces_of(games / "g1") == {}


def test_a_held_games_commands_paste_whole_for_a_game_named_before_the_rule(
    tmp_path: Path,
) -> None:
    """A game made before the rule of names keeps its name ("Old Game", a space in it): the
    commands the refusal of a held game's turn names are quoted, and run as pasted."""
    games = tmp_path / "games"
    players = [PlayerEntry(i, f"P{i}", f"p{i}@players.example", f"CODE{i:04d}") for i in (1, 2)]
    create_game(games / "g1", "wok4", "small", players, 5)
    (games / "g1").rename(games / "Old Game")
    config_file = games / "Old Game" / "game.yaml"
    config_file.write_text(config_file.read_text("utf-8").replace("game: g1", "game: Old Game"))
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {games}\n", encoding="utf-8")
    runner = CliRunner()
    held = runner.invoke(main, ["--config", str(config), "hold", "Old Game"])
    assert held.exit_code == 0, held.output
    refused = runner.invoke(main, ["--config", str(config), "run-turn", "Old Game"])
    assert refused.exit_code != 0
    commands = [shlex.split(c)[1:] for c in re.findall(r"`(wtg [^`]+)`", refused.output)]
    given = ["--config", str(config)]
    assert commands == [
        [*given, "release", "Old Game"],
        [*given, "run-turn", "Old Game", "--force"],
    ]
    released = runner.invoke(main, commands[0])
    assert released.exit_code == 0, released.output
    assert open_game(games / "Old Game").held() is None
