"""The site in a real browser (issue 16): every page of a site built from a played game of
each ruleset loads with no console error and no failed request, every link between its
pages resolves, and a screenshot of the index and of a game page is kept as a CI artefact
(in ``artifacts/`` at the top of the checkout, which git ignores)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote, urldefrag, urljoin

from PIL import Image

from tests.browser.conftest import Watched

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def test_every_page_loads_clean_and_every_link_resolves(
    page: Watched, served: tuple[str, Path]
) -> None:
    base, out = served
    seen: set[str] = set()
    waiting = [base + "index.html"]
    other: set[str] = set()
    while waiting:
        url = waiting.pop()
        if url in seen:
            continue
        seen.add(url)
        response = page.page.goto(url)
        assert response is not None and response.ok, url
        page.page.wait_for_load_state("load")
        assert page.errors == [], (url, page.errors)
        hrefs = page.page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
        for href in hrefs:
            target, _fragment = urldefrag(urljoin(url, href))
            assert target.startswith(base), f"{url} links out of the site: {href}"
            if target.endswith(".html"):
                waiting.append(target)
            else:
                other.add(target)
    for url in sorted(other):
        assert page.page.request.get(url).ok, url
    pages = {base + quote(p.relative_to(out).as_posix()) for p in out.rglob("*.html")}
    assert seen == pages  # every page is reached from the index
    assert other == {base + "feed.atom"}


def test_screenshots_of_the_index_and_a_game_page(page: Watched, served: tuple[str, Path]) -> None:
    base, _out = served
    ARTIFACTS.mkdir(exist_ok=True)
    shots = {"site-index.png": "index.html", "site-game.png": "games/risk/index.html"}
    for name, path in shots.items():
        page.page.goto(base + path)
        page.page.screenshot(path=str(ARTIFACTS / name), full_page=True)
        with Image.open(ARTIFACTS / name) as image:
            assert image.width == 1200 and image.height >= 900
    assert page.errors == []
    print(f"screenshots of the site: {ARTIFACTS}")


def test_the_turns_pages_are_walked_with_the_arrow_keys(
    page: Watched, served: tuple[str, Path]
) -> None:
    """Issue 29, item 2: from a game's first turn the right arrow goes turn by turn to its
    last (where it stays), the left arrow back; a screenshot of a turn's page is kept."""
    base, out = served
    last = max(int(p.stem.split("-")[1]) for p in (out / "games" / "risk").glob("turn-*.html"))
    page.page.goto(base + "games/risk/turn-0.html")
    for turn in range(1, last + 1):
        with page.page.expect_navigation():
            page.page.keyboard.press("ArrowRight")
        assert page.page.url == base + f"games/risk/turn-{turn}.html"
    assert page.page.locator('link[rel="next"]').count() == 0  # the last: nowhere further
    with page.page.expect_navigation():
        page.page.keyboard.press("ArrowLeft")
    assert page.page.url == base + f"games/risk/turn-{last - 1}.html"
    assert page.page.locator("figure.map svg [data-territory]").count() > 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.page.screenshot(path=str(ARTIFACTS / "site-turn.png"), full_page=True)
    assert page.errors == []
