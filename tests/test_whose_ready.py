"""Whose READY runs a turn, as the confirmation, the game's page and the GM's lines say
it: they said "once every player is READY" in every game, but in WISK ("play clockwise in
turn") and in Tactics after its army turn a turn is one player's, and runs once he is
READY. LIST and the JOIN's answer say it through the ruleset's registration (words47);
these read the game itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import players
from tests.mail.loop import NOW, World
from tests.mail.test_poll_maildir import body_of
from wtg.core.errors import GameError
from wtg.game.engine import create_game
from wtg.gm.extension import extend
from wtg.site.build import build_site


class Unscheduled(World):
    zone = None


def _confirmation(world: World) -> str:
    """The words of the one confirmation the poll queued, on one line."""
    world.mail(world.aof(1, R1="1"))
    world.poll()
    (answer,) = world.outbox().values()
    return " ".join(body_of(answer).split())


def _page(tmp_path: Path) -> str:
    """The site built of the games folder in ``tmp_path``: game g1's page."""
    build_site(tmp_path / "games", tmp_path / "site", jobs=1)
    return (tmp_path / "site" / "games" / "g1" / "index.html").read_text(encoding="utf-8")


def test_a_wisk_confirmation_says_the_turn_waits_for_him(tmp_path: Path) -> None:
    world = Unscheduled(tmp_path, count=2, ruleset=("wisk", "classic", {}))
    said = _confirmation(world)
    assert "The turn runs once you are READY (you are), or when the game master runs it." in said
    assert "every player" not in said


def test_a_wisk_confirmation_before_a_deadline_says_the_same(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=("wisk", "classic", {}))
    said = _confirmation(world)
    assert "or sooner once you are READY (you are)." in said, said
    assert "every player" not in said


def test_a_wok_confirmation_still_waits_for_every_player(tmp_path: Path) -> None:
    said = _confirmation(Unscheduled(tmp_path, count=2))
    assert "The turn runs once every player is READY (you are), or when" in said


def test_the_page_of_a_wisk_game_without_deadlines_says_whose_turn_runs_it(
    tmp_path: Path,
) -> None:
    games = tmp_path / "games"
    create_game(games / "g1", "wisk", "classic", players(3), seed=3)
    page = _page(tmp_path)
    assert (
        "<dt>Next deadline</dt><dd>none: the turn runs once the player whose turn it is is "
        "READY, or when the game master runs it</dd>"
    ) in page


def test_the_page_of_a_tactics_army_turn_waits_for_every_player(tmp_path: Path) -> None:
    games = tmp_path / "games"
    create_game(games / "g1", "tactics", "meadow", players(2), seed=3)
    page = _page(tmp_path)
    assert "none: the turn runs once every player is READY, or when" in page


def test_extend_of_a_wisk_game_without_deadlines_says_whose_ready_runs_it(
    tmp_path: Path,
) -> None:
    game = create_game(tmp_path / "g1", "wisk", "classic", players(3), seed=3)
    with pytest.raises(GameError) as refused:
        extend(game, 5, NOW, lambda _extension: 0)
    said = str(refused.value)
    assert "meanwhile its turn runs once the player whose turn it is is READY, or by" in said


def test_the_page_of_a_wisk_game_at_a_robot_s_turn_says_it_waits_for_no_player(
    tmp_path: Path,
) -> None:
    """Ann's turn, then Bob's: the robot's is next, which no player's READY runs (the
    next `run-turn --due` does); the page said it ran once every player was READY."""
    games = tmp_path / "games"
    game = create_game(games / "g1", "wisk", "classic", players(2), seed=3, options={"robots": 1})
    game.run_turn()
    game.run_turn()
    assert game.ruleset.owing(game.state()) == []
    page = _page(tmp_path)
    assert (
        "<dt>Next deadline</dt><dd>none: the turn is a robot's, which waits for no "
        "player's orders</dd>"
    ) in page
