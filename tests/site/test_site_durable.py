"""The site's pages were renamed into place unflushed: safe against a kill, not against a
power cut, after which a page could be an empty file under its name (its rename reached
the disk, its bytes not). Now each page is flushed before its rename and each folder a
build changed after it (``wtg.site.output``), as every other write of wtg is; and the
removal of a stale page is flushed too."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import players
from wtg.game.engine import create_game, open_game
from wtg.site.build import build_site


def watched(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """What a build flushes and renames, in order: ("fsync", the path of the file or folder)
    and ("rename", the page renamed into place)."""
    seen: list[tuple[str, str]] = []
    fsync, replace = os.fsync, os.replace

    def flushed(fd: int) -> None:
        seen.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        fsync(fd)

    def renamed(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        replace(src, dst)
        seen.append(("rename", os.fspath(dst)))

    monkeypatch.setattr(os, "fsync", flushed)
    monkeypatch.setattr(os, "replace", renamed)
    return seen


def test_every_page_and_folder_a_build_changes_is_flushed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = tmp_path / "games"
    for number, seed in ((1, 7), (2, 8)):
        create_game(games / f"g{number}", "wok4", "small", players(3), seed)
    site = tmp_path / "site"
    seen = watched(monkeypatch)
    report = build_site(games, site, jobs=1)
    assert report.written and report.skipped == ()
    renamed = [path for kind, path in seen if kind == "rename"]
    assert sorted(renamed) == sorted(str(site / page) for page in report.written)
    for page in renamed:
        at = seen.index(("rename", page))
        name = Path(page).name
        before = [Path(path) for kind, path in seen[:at] if kind == "fsync"]
        assert any(p.name.startswith(f".{name}.") for p in before), page  # its bytes first
        after = [path for kind, path in seen[at:] if kind == "fsync"]
        assert str(Path(page).parent) in after, page  # then its folder
    for made in (site / "games", site / "aof"):  # a folder made: in its parent's entries
        assert ("fsync", str(made.parent)) in seen

    open_game(games / "g1").run_turn()
    shutil.rmtree(games / "g2")
    seen.clear()
    report = build_site(games, site, jobs=1)
    assert "games/g2/index.html" in report.removed
    assert ("fsync", str(site / "games")) in seen  # g2's folder removed
    for page in report.written:
        assert ("fsync", str((site / page).parent)) in seen, page
