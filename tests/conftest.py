"""Shared fixtures: a fresh 10-player WoK IV game on the classic map, with known codes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import settings

from tests.shipped import WOK4
from tests.unavailable import in_ci
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import SEED_BITS, PlayerEntry
from wtg.rules.wok.state import WokState

# No property test has a deadline: Hypothesis's own (200 ms an example) failed one on a
# loaded machine (tests/lobby/test_press_links.py's ASCII text, 359 ms), and no test may
# depend on how fast anything runs. CI runs them on the same examples every time
# (derandomized): a run is green or red for the code it tests, not for the draw. On a
# developer's machine they draw new examples each run, and what they find is made a test
# of its own.
settings.register_profile("any machine", deadline=None)
settings.register_profile("ci", parent=settings.get_profile("any machine"), derandomize=True)
settings.load_profile("ci" if in_ci() else "any machine")

pytest_plugins = ("tests.untouched",)
"""Every test is watched for a write in the checkout (``tests/untouched.py``)."""


@pytest.fixture(autouse=True)
def seeds_of_the_tests_name(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game the lobby or ``wtg new-game`` makes in a test's own process draws its seed
    from the test's name rather than from the OS's secrets, as the property tests above
    draw the same examples in CI: a test that plays such a game on is green or red for the
    code it tests, not for the draw. (About one seed in three hundred had the quitter of
    ``tests/test_takeover_results.py`` conquered before his seat could be offered: CI on
    1c1d79f0 drew one.) Successive games of one test still get seeds of their own. A test
    marked ``os_seeds`` (the seed's own tests) draws as a host does."""
    if request.node.get_closest_marker("os_seeds") is not None:
        return
    draw = random.Random(request.node.nodeid)

    def seed() -> int:
        return draw.getrandbits(SEED_BITS)

    monkeypatch.setattr("wtg.lobby.start.new_seed", seed)
    monkeypatch.setattr("wtg.cli.games.new_seed", seed)


NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


def players(count: int = 10) -> list[PlayerEntry]:
    return [
        PlayerEntry(i, NAMES[i - 1], f"{NAMES[i - 1].lower()}@example.org", f"CODE{i:04d}")
        for i in range(1, count + 1)
    ]


@pytest.fixture
def game(tmp_path: Path) -> Game[WokState]:
    return create_game(tmp_path / "g1", "wok4", "classic60", players(), seed=42).typed(WOK4)


@pytest.fixture
def small_game(tmp_path: Path) -> Game[WokState]:
    return create_game(tmp_path / "s1", "wok4", "small", players(4), seed=7).typed(WOK4)


@pytest.fixture(scope="session")
def played_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games folder with a game of every ruleset (``tests/site/games.py``: two running, three
    played to the end), made once a session: copy it before changing it."""
    from tests.site.games import every_ruleset

    folder = tmp_path_factory.mktemp("played") / "games"
    folder.mkdir()
    every_ruleset(folder)
    return folder
