"""A game the GM holds (`wtg hold`): the site still showed its next deadline, though no
turn runs until he lets it go on; the players read a deadline that will not come. The
index and the game's page say it is held (never the GM's reason: his to tell), and show the
deadline again once he releases it."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from tests.conftest import players
from wtg.game.engine import create_game
from wtg.game.schedule import make_schedule
from wtg.gm.control import hold, release
from wtg.site.build import build_site

WHEN = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)


def _pages(games: Path, site: Path) -> tuple[str, str]:
    report = build_site(games, site, jobs=1)
    assert report.skipped == ()
    index = (site / "index.html").read_text(encoding="utf-8")
    page = (site / "games" / "g1" / "index.html").read_text(encoding="utf-8")
    return index, page


def test_a_held_game_shows_no_deadline_until_released(tmp_path: Path) -> None:
    games = tmp_path / "games"
    schedule = make_schedule(2, "18:00", "UTC", now=WHEN)
    game = create_game(games / "g1", "wok4", "small", players(2), 7, schedule=schedule, now=WHEN)
    due = game.deadline()
    assert due is not None
    deadline = f'<time datetime="{due:%Y-%m-%dT%H:%M:%SZ}">'
    index, page = _pages(games, tmp_path / "site")
    assert deadline in index and deadline in page

    hold(game, WHEN, reason="Bob's address bounces, sorting it out")
    index, page = _pages(games, tmp_path / "site")
    assert deadline not in index and deadline not in page
    assert "<td>none: held by the game master</td>" in index
    assert (
        "<dt>Next deadline</dt><dd>none: the game master holds the game; no turn runs until "
        "he lets it go on</dd>"
    ) in page
    assert "bounces" not in index + page

    release(game, WHEN, lambda _hold: 0)
    index, page = _pages(games, tmp_path / "site")
    assert "held" not in index + page
    assert deadline in index and deadline in page
