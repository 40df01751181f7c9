"""The browser harness itself: it drives a real Chromium and sees what goes wrong."""

from __future__ import annotations

from pathlib import Path

from tests.browser.conftest import Watched


def test_a_page_renders_and_its_script_runs(page: Watched, tmp_path: Path) -> None:
    html = tmp_path / "a.html"
    html.write_text(
        "<!doctype html><title>t</title><p id=out></p>"
        "<script>document.getElementById('out').textContent = String(6 * 7);</script>",
        encoding="utf-8",
    )
    page.page.goto(html.as_uri())
    assert page.page.text_content("#out") == "42"
    assert page.errors == []


def test_console_errors_and_failed_requests_are_caught(page: Watched, tmp_path: Path) -> None:
    html = tmp_path / "b.html"
    html.write_text(
        "<!doctype html><title>t</title><img src=missing.png>"
        "<script>console.error('broken')</script>",
        encoding="utf-8",
    )
    page.page.goto(html.as_uri())
    page.page.wait_for_load_state("load")
    assert "console error: broken" in page.errors
    assert any(e.startswith("request failed:") and e.endswith("missing.png") for e in page.errors)
