"""Issue 29, item 2: the game's history on the site. Each finished turn has its page,
``games/<game>/turn-<N>.html``: the public map after that turn, its Top Ten and its public
events, linked to the turns before and after and to the game's page. One turn adds one page;
a turn run again after a rollback gets its page anew, and a turn rolled back loses it."""

from __future__ import annotations

import re
import shutil
from datetime import timedelta
from pathlib import Path

import pytest

from tests.site.games import START, play_turns
from wtg.game.engine import open_game
from wtg.gm.control import rollback
from wtg.site.build import build_site
from wtg.site.facts import gather
from wtg.site.history import turn_map_svg


@pytest.fixture(scope="module")
def site(played_games: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("history") / "out"
    assert build_site(played_games, out, jobs=1).skipped == ()
    return out


def page(out: Path, game: str, turn: int) -> str:
    return (out / "games" / game / f"turn-{turn}.html").read_text(encoding="utf-8")


def links(html: str, rel: str) -> list[str]:
    """Where the page's ``rel`` links go (its way through the turns is above and below)."""
    return list(dict.fromkeys(re.findall(rf'<a rel="{rel}" href="([^"]+)"', html)))


def test_a_turns_page_shows_its_own_map_top_ten_and_events(site: Path, played_games: Path) -> None:
    game = open_game(played_games / "risk")  # WISK publishes its board: a map a turn
    facts = gather(game)
    third = next(t for t in facts.turns if t.turn == 3)
    html = page(site, "risk", 3)
    drawn = turn_map_svg(game, 3)
    assert drawn is not None and str(drawn) in html
    assert str(turn_map_svg(game, 4)) not in html  # the board of that turn, not another's
    assert html.count('data-territory="') == drawn.count('data-territory="') > 0
    rows = re.findall(r'<tr><td class="num">(\d+)</td><td><bdi>([^<]+)</bdi></td>', html)
    assert rows == [(str(r.rank), r.name) for r in third.topten]
    for line in third.events:
        assert f"<li>{line}</li>" in html.replace("&#39;", "'")
    assert links(html, "prev") == ["turn-2.html"] and links(html, "next") == ["turn-4.html"]
    assert 'src="../../turns.js"' in html and '<link rel="next" href="turn-4.html">' in html


def test_the_first_and_the_last_turn_end_the_way(site: Path, played_games: Path) -> None:
    latest = open_game(played_games / "kaomaris").latest_turn()
    first, last = page(site, "kaomaris", 0), page(site, "kaomaris", latest)
    assert links(first, "prev") == [] and links(first, "next") == ["turn-1.html"]
    assert links(last, "prev") == [f"turn-{latest - 1}.html"] and links(last, "next") == []
    assert 'href="index.html#board">The board now' in last
    assert '<figure class="map">' not in last  # WoK IV publishes no board: no map, the table
    game_page = (site / "games" / "kaomaris" / "index.html").read_text(encoding="utf-8")
    for turn in range(latest + 1):
        assert f'href="turn-{turn}.html"' in game_page


def test_a_turn_run_again_after_a_rollback_gets_its_page_anew(
    played_games: Path, tmp_path: Path
) -> None:
    games = tmp_path / "games"
    shutil.copytree(played_games / "kaomaris", games / "kaomaris")
    out = tmp_path / "out"
    build_site(games, out, jobs=1)
    game = open_game(games / "kaomaris")
    latest = game.latest_turn()
    old = page(out, "kaomaris", latest)
    rollback(game, latest - 2, START + timedelta(days=latest + 1))
    back = build_site(games, out, jobs=1)
    assert set(back.removed) == {f"games/kaomaris/turn-{t}.html" for t in (latest - 1, latest)}
    assert links(page(out, "kaomaris", latest - 2), "next") == []  # the last again
    play_turns(open_game(games / "kaomaris"), 2)
    again = build_site(games, out, jobs=1)
    pages = {f"games/kaomaris/turn-{t}.html" for t in (latest - 2, latest - 1, latest)}
    assert pages <= set(again.written)
    assert links(page(out, "kaomaris", latest - 2), "next") == [f"turn-{latest - 1}.html"]
    assert page(out, "kaomaris", latest) == old  # the same orders, the same turn: the same page


def test_a_page_an_older_wtg_wrote_is_written_anew(played_games: Path, tmp_path: Path) -> None:
    games = tmp_path / "games"
    shutil.copytree(played_games / "kaomaris", games / "kaomaris")
    out = tmp_path / "out"
    build_site(games, out, jobs=1)
    first = out / "games" / "kaomaris" / "turn-1.html"
    text = first.read_text(encoding="utf-8")
    first.write_text(
        re.sub(r'name="wtg-turn" content="\S+', 'name="wtg-turn" content="0.0.1', text)
    )
    assert build_site(games, out, jobs=1).written == ("games/kaomaris/turn-1.html",)
    assert first.read_text(encoding="utf-8") == text


def test_the_game_page_shows_the_latest_turns_facts_alone(site: Path, played_games: Path) -> None:
    """The game's page printed every turn's Top Ten and events (the older ones folded in a
    ``<details>``): it grew with the game, a Top Ten a turn. It shows the latest turn's,
    and links each turn before to its page, which shows that turn's."""
    game = open_game(played_games / "risk")
    facts = gather(game)
    html = (site / "games" / "risk" / "index.html").read_text(encoding="utf-8")
    latest, *before = reversed(facts.turns)
    history = html.split('<section id="history">', 1)[1].split("</section>", 1)[0]
    rows = re.findall(r'<tr><td class="num">(\d+)</td><td><bdi>([^<]+)</bdi></td>', history)
    assert rows == [(str(r.rank), r.name) for r in latest.topten]
    assert history.count('<table class="topten"') <= 1 and "<details" not in history
    for line in latest.events:
        assert f"<li>{line}</li>" in history.replace("&#39;", "'")
    for turn in before:
        assert f'<li><a href="turn-{turn.turn}.html">Turn {turn.turn}</a>' in history
        assert f'id="turn-{turn.turn}"' not in history
    feed = (site / "feed.atom").read_text(encoding="utf-8")
    assert 'href="games/risk/turn-3.html"' in feed and "index.html#turn-" not in feed


def test_all_turns_goes_to_the_game_pages_history(site: Path) -> None:
    """A turn page's "all turns" link went to the top of the game's page (its players and
    board); it goes to the history there, the latest turn and the list of the turns before."""
    html = page(site, "kaomaris", 1)
    assert re.findall(r'<a href="([^"]+)">[^<]*: all turns</a>', html) == ["index.html#history"] * 2
    game_page = (site / "games" / "kaomaris" / "index.html").read_text(encoding="utf-8")
    assert '<section id="history">' in game_page and 'href="turn-0.html"' in game_page


def test_a_page_whose_top_ten_reads_otherwise_now_is_written_anew(
    played_games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """review47: the Top Ten score counts the gold held since round 46 (Standard's ruling 48),
    and the site draws every turn's Top Ten from its state, but a turn's page was written
    again only when the wtg that wrote it says another version (always 0.1.0) or other
    templates: after the upgrade, the turns before the last two kept the old scores, and
    the history showed old turns with the old score next to new ones with the new. The
    older wtg's score is this one's less 7 here (the robots of this game spend their gold)."""
    from wtg.rules.wok import score
    from wtg.rules.wok.state import WokState

    games = tmp_path / "games"
    shutil.copytree(played_games / "star isles #2", games / "star isles #2")
    counted = score.player_score

    def older(state: WokState, pid: int) -> int:
        return counted(state, pid) - 7

    out = tmp_path / "out"
    with monkeypatch.context() as patched:
        patched.setattr(score, "player_score", older)
        build_site(games, out, jobs=1)
    (first,) = (out / "games").glob("*/turn-1.html")
    facts = gather(open_game(games / "star isles #2"))
    now = sorted(row.score for row in next(t for t in facts.turns if t.turn == 1).topten)
    assert now == [464, 485, 492]
    build_site(games, out, jobs=1)
    html = first.read_text(encoding="utf-8")
    top = html[html.index("Top Ten") :]
    shown = re.findall(r'<td class="num">(\d+)</td>', top)
    assert all(str(score) in shown for score in now) and "457" not in shown, shown
