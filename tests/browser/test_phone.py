"""The site and the AOF Sender on a phone (issue 29, item 3): at 390x844 in Chromium's device
emulation every page is no wider than the screen, no table is cut (a wide one scrolls in its
own box), every tap target is at least 24x24 px or spaced so (``layout.py``), and the AOF
Sender is filled, copied and mailed on it. Screenshots of the phone layout go to
``artifacts/``."""

from __future__ import annotations

import math
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote, unquote

import pytest
from PIL import Image

from tests.browser.conftest import PHONE_HEIGHT, PHONE_WIDTH, Watched, serving
from tests.browser.layout import TARGET, Layout, measure
from tests.browser.test_sender_fill import GM, build, expected_text, fill
from tests.browser.test_site_pages import ARTIFACTS
from tests.site.games import people, play_game, play_turns
from tests.site.sender_cases import GAMES, filled_lines, new_game, planned, wtg
from wtg.core.plurals import counted
from wtg.game.gameconfig import NAME_MAX_LENGTH, PlayerEntry
from wtg.game.press import Press, add_press
from wtg.site.build import build_site

WIDTH = PHONE_WIDTH
SHOTS = {
    "phone-index.png": "index.html",
    "phone-game.png": "games/risk/index.html",
    "phone-game-wok4.png": "games/kaomaris/index.html",
    "phone-turn.png": "games/risk/turn-3.html",
    "phone-hiscore.png": "hiscore.html",
    "phone-ratings.png": "ratings.html",
    "phone-sender.png": "games/kaomaris/aof.html",
}
"""The screenshots of the phone layout kept in ``artifacts/``, and their pages."""


def site_pages(out: Path) -> list[str]:
    """Every page of the built site (the AOF Sender's among them), by path."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))


def host_site(folder: Path) -> Path:
    """The site of a host with a config (the GM's address: the index's contact section and
    the Sender's mail link) and a waiting list open (the index's JOIN), with no game yet."""
    config = folder / "wtg.yaml"
    config.write_text('games_dir: games\nfrom: "Game Master <gm@host.example>"\n')
    (folder / "games").mkdir()
    for args in (("open-list", "wok4", "--players", "4"), ("site", str(folder / "site"))):
        done = wtg("--config", config, *args)
        assert done.exit_code == 0, done.output
    return folder / "site"


def problems_of(where: str, layout: Layout) -> list[str]:
    """What is wrong with a page's layout on the phone, one line a problem."""
    found = [f"{where}: {line}" for line in (*layout.cut, *layout.crowded)]
    if layout.client_width != WIDTH:
        found.append(f"{where}: the screen is {layout.client_width} px, not {WIDTH}")
    if max(layout.scroll_width, layout.inner_width) > WIDTH:
        found.append(
            f"{where}: {layout.scroll_width} px wide (innerWidth {layout.inner_width}) "
            f"on a screen of {WIDTH}"
        )
    return found


def test_every_page_fits_a_phone(phone: Watched, served: tuple[str, Path]) -> None:
    """Every page, its <details> opened (the older turns' Top Tens): no wider than the
    screen, no table cut, no tap target too small and crowded."""
    base, out = served
    pages = site_pages(out)
    assert {"index.html", "hiscore.html", "ratings.html", "aof/wok4.html"} <= set(pages)
    assert any(p.startswith("games/") and "/turn-" in p for p in pages)
    problems: list[str] = []
    widest = (0, "")
    smallest = (math.inf, "")
    for relpath in pages:
        phone.page.goto(base + quote(relpath))
        phone.page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        layout = measure(phone.page)
        assert layout.targets > 0, relpath
        problems += problems_of(relpath, layout)
        widest = max(widest, (layout.scroll_width, relpath))
        if layout.smallest[0] < smallest[0]:
            smallest = (layout.smallest[0], f"{relpath}: {layout.smallest[1]}")
    print(
        f"{len(pages)} pages at {WIDTH} px: widest {widest[0]} px ({widest[1]}); "
        f"smallest tap target {smallest[0]:.1f} px ({smallest[1]})"
    )
    assert problems == []
    assert widest[0] <= WIDTH
    assert phone.errors == []


def test_a_hosts_index_and_senders_with_the_gms_address_fit_a_phone(
    phone: Watched, tmp_path: Path
) -> None:
    """The index's contact and JOIN sections (links in running text: spaced, if not 24 px
    high) and each ruleset's Sender with its mail link."""
    site = host_site(tmp_path)
    pages = site_pages(site)
    assert "index.html" in pages and "aof/wok4.html" in pages
    smallest = (math.inf, "")
    for relpath in pages:
        phone.page.goto((site / relpath).as_uri())
        layout = measure(phone.page)
        assert problems_of(relpath, layout) == []
        if layout.smallest[0] < smallest[0]:
            smallest = (layout.smallest[0], f"{relpath}: {layout.smallest[1]}")
    print(f"a host's {len(pages)} pages: smallest tap target {smallest[0]:.1f} px ({smallest[1]})")
    phone.page.goto((site / "aof" / "wok4.html").as_uri())
    assert (phone.page.get_attribute("#mailto", "href") or "").startswith("mailto:gm@host.example?")
    phone.page.goto((site / "index.html").as_uri())
    assert phone.page.locator('#contact a[href="mailto:gm@host.example"]').count() == 1
    assert phone.errors == []


def test_screenshots_of_the_phone_layout(phone: Watched, served: tuple[str, Path]) -> None:
    base, _out = served
    ARTIFACTS.mkdir(exist_ok=True)
    for name, path in SHOTS.items():
        phone.page.goto(base + quote(path))
        phone.page.screenshot(path=str(ARTIFACTS / name), full_page=True)
        with Image.open(ARTIFACTS / name) as image:  # three device pixels to a CSS px
            assert image.width == 3 * WIDTH and image.height >= 3 * PHONE_HEIGHT, name
    assert phone.errors == []
    print(f"screenshots of the phone layout: {ARTIFACTS}")


def test_the_arrows_scroll_a_wide_table_on_a_turns_page(
    phone: Watched, served: tuple[str, Path]
) -> None:
    """On a turn's page the arrows go from turn to turn (turns.js), save in a table's box
    that is wider than the screen, which they scroll; out of it they go on again."""
    base, _out = served
    phone.page.goto(base + "games/risk/turn-3.html")
    box = phone.page.locator("section.turn-facts .wide")
    box.evaluate("b => { b.style.width = '120px'; }")  # narrower than its table
    box.focus()
    phone.page.keyboard.press("ArrowRight")
    phone.page.wait_for_function("document.querySelector('.turn-facts .wide').scrollLeft > 0")
    assert phone.page.url == base + "games/risk/turn-3.html"
    phone.page.evaluate("document.activeElement.blur()")
    with phone.page.expect_navigation():
        phone.page.keyboard.press("ArrowRight")
    assert phone.page.url == base + "games/risk/turn-4.html"
    assert phone.errors == []


def test_a_wide_table_scrolls_in_its_box_with_the_keyboard(
    phone: Watched, served: tuple[str, Path]
) -> None:
    """The index's table of running games is wider than the phone: its box scrolls, the
    page does not; the box is reached with Tab and scrolled with the arrow keys."""
    base, _out = served
    phone.page.goto(base + "index.html")
    box = phone.page.locator('#running .wide[role="group"][tabindex="0"]')
    assert box.get_attribute("aria-label") == "Running games"
    widths = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert widths[0] > widths[1]  # wider than its box: it scrolls
    box.focus()
    phone.page.keyboard.press("ArrowRight")
    phone.page.wait_for_function("document.querySelector('#running .wide').scrollLeft > 0")
    assert phone.page.evaluate("document.scrollingElement.scrollWidth") <= WIDTH
    assert phone.errors == []


@pytest.fixture
def sender_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A folder for the AOF Sender's pages, served on 127.0.0.1 (a secure context: the
    page copies through the clipboard's API), and its address."""
    site = tmp_path / "site"
    site.mkdir()
    with serving(site) as url:
        yield url, site


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_sender_is_filled_copied_and_mailed_on_a_phone(
    name: str, phone: Watched, sender_site: tuple[str, Path], tmp_path: Path
) -> None:
    """The game's page, typed into on the phone: the text is the form wtg renders and `wtg
    orders` takes it; the page stays within the screen with every field's note shown; a tap
    on Copy puts the text on the clipboard; the mail link carries it to the GM."""
    base, site = sender_site
    game = new_game(tmp_path / "games", name)
    build([game], site)
    side = game.ruleset.owing(game.state())[0]
    orders = planned(game, side)
    phone.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    phone.page.goto(f"{base}games/{quote(game.store.root.name)}/aof.html")
    text = fill(phone, game, side, orders)
    assert text == expected_text(game, side, orders)
    lines = sum(1 for _ in filled_lines(game.ruleset.form_for(game.state()), orders))
    assert phone.page.text_content("#status") == f"{counted(lines, 'order line')} in the text."

    layout = measure(phone.page)
    assert problems_of(name, layout) == []
    assert layout.smallest[0] >= TARGET, layout.smallest
    if name == "wok4":
        ARTIFACTS.mkdir(exist_ok=True)
        phone.page.screenshot(path=str(ARTIFACTS / "phone-sender-filled.png"), full_page=True)

    mail = tmp_path / "orders.txt"
    mail.write_text(text, encoding="utf-8")
    stored = wtg("orders", game.store.root, mail)
    assert stored.exit_code == 0, stored.output
    assert f"{lines} accepted, 0 rejected." in stored.output

    phone.page.tap("#copy")
    phone.page.wait_for_function("document.getElementById('copied').textContent !== ''")
    assert phone.page.text_content("#copied") == "Copied."
    assert phone.page.evaluate("navigator.clipboard.readText()") == text

    link = phone.page.locator("#mailto")
    href = link.get_attribute("href")
    assert href is not None and href.startswith(f"mailto:{GM}?subject=")
    assert unquote(href.split("&body=", 1)[1]) == text.replace("\n", "\r\n")
    box = link.bounding_box()
    assert box is not None and box["height"] >= TARGET and box["x"] + box["width"] <= WIDTH
    assert phone.errors == []


def test_a_wrong_value_and_its_reason_stay_on_the_phone_screen(
    phone: Watched, sender_site: tuple[str, Path], tmp_path: Path
) -> None:
    """The reasons beside the fields and the line are the widest things the page shows: a
    province not on the map and a blank field, and the page is still within the screen."""
    base, site = sender_site
    game = new_game(tmp_path / "games", "wok4")
    build([game], site)
    phone.page.goto(f"{base}games/g-wok4/aof.html")
    phone.page.type("#f-attack-1-from", "3")
    phone.page.type("#f-attack-1-to", "21")
    assert phone.page.text_content("#r-attack-1") == (
        "the ARM field is blank (fill in all of FROM TO ARM, or none)"
    )
    phone.page.type("#code", "abc")
    layout = measure(phone.page)
    assert problems_of("wok4", layout) == []
    reason = phone.page.locator("#r-attack-1").bounding_box()
    assert reason is not None and reason["x"] >= 0 and reason["x"] + reason["width"] <= WIDTH
    assert phone.errors == []


def test_a_players_longest_unbroken_name_leaves_every_page_within_a_phone(
    phone: Watched, tmp_path: Path
) -> None:
    """A player named with the longest name the door takes, one word of wide letters, is on
    the players' tables, the Top Ten, the public events, a press heading, a finished game's
    winners and the AOF Sender's choice of player: no page of anyone's game grows wider
    than the phone's screen for it (a table scrolls in its box; text breaks the word)."""
    games = tmp_path / "games"
    wide = "W" * NAME_MAX_LENGTH

    def seats(game: str, count: int) -> list[PlayerEntry]:
        return [p.replaced(name=wide) if p.id == 1 else p for p in people(game, count)]

    running = play_game(games, "broad", "wok4", "small", 3, 1, players=seats("broad", 3))
    moment = datetime(2026, 11, 26, 10, 0, tzinfo=timezone.utc)
    piece = Press(side=1, name=wide, at=moment.isoformat(), text="Make way.")
    add_press(running.store, running.latest_turn() + 1, piece, moment)
    play_turns(running, 1)
    play_game(games, "vast", "wisk", "classic", 2, 100, players=seats("vast", 2))
    out = tmp_path / "site"
    assert build_site(games, out, jobs=1).skipped == ()
    pages = site_pages(out)
    assert {"games/broad/aof.html", "games/vast/turn-1.html"} <= set(pages)
    problems: list[str] = []
    for relpath in pages:
        phone.page.goto((out / relpath).as_uri())
        phone.page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        problems += problems_of(relpath, measure(phone.page))
    game_page = (out / "games" / "vast" / "index.html").read_text(encoding="utf-8")
    assert f"won by <bdi>{wide}</bdi>" in game_page and f"<li>{wide} took " in game_page
    assert f"<h3>Turn 2: {wide}</h3>" in (out / "games/broad/index.html").read_text("utf-8")
    assert problems == []
    assert phone.errors == []
