"""A game's seed is its every chance: each turn's dice are drawn from the seed and the turn's
number (``wtg.core.rng``), a lobby game's seats and every start from the seed alone. Drawn
from 31 bits (``randrange(2**31)``), it could be found by trying every seed against what a
player's turn 0 shows him (the lobby's shuffle of the players into their seats: some 22 bits
of ten players' order, tried at a few microseconds a seed), and then he knew the dice of
every turn to come and the starts his report hides. A new game's seed is drawn from 64 bits,
for `wtg new-game` without --seed and for a game a waiting list starts; a game with so large
a seed plays as any other."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.lobby.hall import Hall, ann_and_bob
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.game.gameconfig import SEED_BITS

pytestmark = pytest.mark.os_seeds
"""The seeds drawn here are the host's own (``new_seed``), not the tests' (tests/conftest.py)."""

PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")
SMALL = 2**31
"""Below this a seed would be one of the 31 bits' (three games below it by chance: 2**-99)."""


def test_new_game_draws_its_seed_from_64_bits(tmp_path: Path) -> None:
    games = ["--games-dir", str(tmp_path)]
    seeds = []
    for name in ("g1", "g2", "g3"):
        made = CliRunner().invoke(
            main, [*games, "new-game", name, "--ruleset", "wok4", "--map", "small", *PLAYERS]
        )
        assert made.exit_code == 0, made.output
        seeds.append(open_game(tmp_path / name).config.seed)
    assert SEED_BITS == 64
    assert all(0 <= seed < 2**SEED_BITS for seed in seeds)
    assert max(seeds) >= SMALL, seeds
    assert len(set(seeds)) == 3


def test_a_lobby_game_draws_its_seed_from_64_bits_and_plays(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    seed = game.config.seed
    # a single draw below 2**31 of 64 bits: once in 2**33 runs
    assert SMALL <= seed < 2**SEED_BITS
    done = CliRunner().invoke(
        main, ["--games-dir", str(hall.gm.games_dir), "run-turn", "wok4-1", "--now"]
    )
    assert done.exit_code == 0, done.output
    again = open_game(hall.gm.games_dir / "wok4-1")
    assert again.latest_turn() == 1 and again.config.seed == seed
