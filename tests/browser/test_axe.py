"""Every page of the site and the AOF Sender through axe-core (issue 29, item 3): no
violation of impact ``serious`` or ``critical``, on a phone and on a desktop screen.

axe-core comes inside the PyPI package ``axe-playwright-python`` (its ``axe.min.js``),
injected into each page by Playwright: nothing is fetched at test time. Every rule axe runs
by default, and WCAG 2.2's target size (``target-size``, off by default)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.conftest import phone_context
from tests.browser.test_phone import host_site, site_pages

OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}
BLOCKING = ("serious", "critical")
TURN_PAGE = re.compile(r"turn-([0-9]+)\.html")
SCREENS: dict[str, Callable[[Browser], BrowserContext]] = {
    "phone": phone_context,
    "desktop": lambda browser: browser.new_context(viewport={"width": 1200, "height": 900}),
}


def axe_pages(out: Path) -> list[str]:
    """The pages axe looks at: every page but a game's turn pages, and of those (one
    template, one game's players and colours; turn after turn only the map, the events and
    the Top Ten's figures change) the first, the last and the longest of each game. Every
    turn page of every game is laid out on a phone and walked by its links in
    tests/browser/test_phone.py and test_site_pages.py."""
    chosen: list[str] = []
    turns: dict[str, list[Path]] = {}
    for relpath in site_pages(out):
        if TURN_PAGE.fullmatch(Path(relpath).name):
            turns.setdefault(str(Path(relpath).parent), []).append(out / relpath)
        else:
            chosen.append(relpath)
    for pages in turns.values():
        pages.sort(key=turn_number)
        longest = max(pages, key=lambda page: page.stat().st_size)
        chosen += sorted({p.relative_to(out).as_posix() for p in (pages[0], pages[-1], longest)})
    return chosen


def turn_number(page: Path) -> int:
    found = TURN_PAGE.fullmatch(page.name)
    assert found is not None, page
    return int(found[1])


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands."""
    found: list[dict[str, Any]] = Axe().run(page, options=OPTIONS).response["violations"]
    return found


def described(where: str, violation: dict[str, Any]) -> str:
    nodes = ", ".join(" ".join(node["target"]) for node in violation["nodes"][:3])
    return f"{where}: {violation['id']} ({violation['impact']}): {violation['help']}: {nodes}"


@pytest.fixture(params=sorted(SCREENS))
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[str, Page]]:
    context = SCREENS[request.param](browser)
    try:
        yield request.param, context.new_page()
    finally:
        context.close()


def test_no_serious_or_critical_violation_on_any_page(
    screen: tuple[str, Page], served: tuple[str, Path]
) -> None:
    name, page = screen
    base, out = served
    pages = axe_pages(out)
    assert len(pages) >= 20  # every ruleset's game, its index and AOF pages, the Senders
    impacts: Counter[str] = Counter()
    blocking: list[str] = []
    for relpath in pages:
        page.goto(base + quote(relpath))
        for violation in violations(page):
            impacts[violation["impact"]] += 1
            if violation["impact"] in BLOCKING:
                blocking.append(described(relpath, violation))
    counts = ", ".join(f"{impact} {impacts[impact]}" for impact in sorted(impacts)) or "none"
    print(f"axe on {len(pages)} pages ({name}): violations by impact: {counts}")
    assert blocking == []


def test_a_hosts_index_and_senders_with_the_gms_address(
    screen: tuple[str, Page], tmp_path: Path
) -> None:
    """The sections a host with a config adds: the contact, the JOIN, the Sender's mail link."""
    _name, page = screen
    site = host_site(tmp_path)
    blocking = []
    for relpath in site_pages(site):
        page.goto((site / relpath).as_uri())
        blocking += [described(relpath, v) for v in violations(page) if v["impact"] in BLOCKING]
    assert blocking == []


def test_axe_finds_what_it_should(browser: Browser, tmp_path: Path) -> None:
    """The check itself: a page with a field without a label, an image without a name and
    grey on grey has those violations, serious or critical."""
    html = tmp_path / "bad.html"
    html.write_text(
        '<!doctype html><html lang="en"><title>t</title><main><h1>t</h1><input id="x">'
        '<img src="data:,"><p style="color:#aaa;background:#bbb">faint</p></main></html>',
        encoding="utf-8",
    )
    context = phone_context(browser)
    try:
        page = context.new_page()
        page.goto(html.as_uri())
        found = {v["id"]: v["impact"] for v in violations(page)}
    finally:
        context.close()
    assert found == {"label": "critical", "image-alt": "critical", "color-contrast": "serious"}
