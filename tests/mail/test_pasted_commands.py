"""The commands wtg prints for the GM to paste into a shell are quoted for it where they
carry a word from outside: a player's address (``o'neil@...`` is one, and so is one with a
backtick, which a shell would run), a mail's key, an outbox's name. Pasted, each word is the
one wtg meant, and nothing in it runs."""

from __future__ import annotations

import shlex
from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main
from wtg.game.bounces import Bounce, bounces_of, mark_bounce
from wtg.game.engine import create_game
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
