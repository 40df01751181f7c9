"""A real headless Chromium for the tests of the site and the AOF Sender.

Playwright drives Debian's ``chromium`` (installed by ``.ci/run``), launched by its path:
Playwright's own browser download does not work on the machines we run on. Without the
browser the tests skip with the reason, except under CI (``CI=true``), where a missing
browser is a failure.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tests.unavailable import unavailable
from wtg.site.build import build_site
from wtg.site.serve import make_server, url_of

CANDIDATES = ("chromium", "chromium-browser", "google-chrome")


def chromium_path() -> str | None:
    """The Chromium to drive: ``WTG_CHROMIUM`` if set, else the first on PATH."""
    named = os.environ.get("WTG_CHROMIUM")
    if named:
        return named
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


@dataclass
class Watched:
    """A page and what went wrong while it was open: console errors and failed requests."""

    page: Page
    errors: list[str] = field(default_factory=list)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    path = chromium_path()
    if path is None:
        unavailable("no Chromium on this machine (Debian package: chromium)")
    assert path is not None
    with sync_playwright() as driver:
        launched = driver.chromium.launch(
            executable_path=path, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            yield launched
        finally:
            launched.close()


PHONE_WIDTH = 390
PHONE_HEIGHT = 844


def phone_context(browser: Browser) -> BrowserContext:
    """A phone in Chromium's device emulation (issue 29, item 3): 390x844 CSS px, three
    device pixels to one, a touch screen and a mobile viewport (the page's ``<meta
    name=viewport>`` counts, as on a phone)."""
    return browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": PHONE_HEIGHT},
        device_scale_factor=3,
        is_mobile=True,
        has_touch=True,
    )


def _watched(context: BrowserContext) -> Watched:
    opened = context.new_page()
    watched = Watched(opened)
    opened.on(
        "console",
        lambda message: (
            watched.errors.append(f"console {message.type}: {message.text}")
            if message.type == "error"
            else None
        ),
    )
    opened.on("pageerror", lambda error: watched.errors.append(f"page error: {error}"))
    opened.on(
        "requestfailed",
        lambda request: watched.errors.append(f"request failed: {request.url}"),
    )
    return watched


@pytest.fixture
def page(browser: Browser) -> Iterator[Watched]:
    """A fresh page; console errors, page errors and failed requests are collected in
    ``watched.errors`` (a test asserts it empty)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        yield _watched(context)
    finally:
        context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Watched]:
    """A fresh page on a phone (``phone_context``), watched as ``page`` is."""
    context = phone_context(browser)
    try:
        yield _watched(context)
    finally:
        context.close()


@pytest.fixture(scope="session")
def served(
    played_games: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Path]]:
    """The site of a game of every ruleset (with the AOF Sender's pages), served by ``wtg
    site --serve``'s server: its address and its folder."""
    out = tmp_path_factory.mktemp("site") / "out"
    report = build_site(played_games, out, jobs=1)
    assert report.skipped == ()
    with serving(out) as url:
        yield url, out


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """``folder`` served by ``wtg site --serve``'s server on 127.0.0.1, and its address."""
    server = make_server(folder, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield url_of(server)
    finally:
        server.shutdown()
        server.server_close()
