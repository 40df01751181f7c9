"""The watch on the checkout (``tests/untouched.py``) sees each kind of write a test may
make there, and none in the folders it leaves out; run here on a folder of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.untouched import Watch, changed_files, file_marks


def a_checkout(root: Path) -> Path:
    (root / "tests" / "fixtures").mkdir(parents=True)
    (root / "tests" / "fixtures" / "people.sqlite").write_bytes(b"book")
    (root / "docs").mkdir()
    (root / "docs" / "gm.md").write_text("# gm\n", encoding="utf-8")
    (root / ".venv").mkdir()
    return root


def test_a_file_made_removed_or_made_and_removed_in_a_test_is_named(tmp_path: Path) -> None:
    root = a_checkout(tmp_path)
    watch = Watch(root)
    watch.look()
    (root / "tests" / "fixtures" / "people.sqlite-wal").write_bytes(b"")
    (root / "docs" / "gm.md").unlink()
    assert watch.look() == ["removed: docs/gm.md", "made: tests/fixtures/people.sqlite-wal"]
    assert watch.look() == []
    (root / "tests" / "fixtures" / "people.sqlite-wal").unlink()
    assert watch.look() == ["removed: tests/fixtures/people.sqlite-wal"]
    (root / "tests" / "fixtures" / "people.sqlite-shm").write_bytes(b"")
    (root / "tests" / "fixtures" / "people.sqlite-shm").unlink()
    assert watch.look() == ["a file made and removed again, or replaced, in tests/fixtures/"]


def test_caches_and_tools_folders_are_left_out(tmp_path: Path) -> None:
    root = a_checkout(tmp_path)
    watch = Watch(root)
    watch.look()
    before = file_marks(root)
    (root / "tests" / "__pycache__").mkdir()
    (root / "tests" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"")
    (root / ".venv" / "lib").mkdir()
    (root / ".hypothesis").mkdir()
    (root / "artifacts").mkdir()
    (root / "artifacts" / "index.png").write_bytes(b"")
    assert watch.look() == []
    assert changed_files(before, file_marks(root)) == []


def test_the_session_end_finds_a_file_written_in_place(tmp_path: Path) -> None:
    root = a_checkout(tmp_path)
    before = file_marks(root)
    (root / "docs" / "gm.md").write_text("# gm, edited\n", encoding="utf-8")
    (root / "docs" / "new.md").write_text("", encoding="utf-8")
    (root / "tests" / "fixtures" / "people.sqlite").unlink()
    assert changed_files(before, file_marks(root)) == [
        "made: docs/new.md",
        "removed: tests/fixtures/people.sqlite",
        "written: docs/gm.md",
    ]


def test_the_golden_files_written_anew_on_purpose_are_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = a_checkout(tmp_path)
    (root / "tests" / "golden").mkdir()
    before = file_marks(root)
    (root / "tests" / "golden" / "wok4.txt").write_text("turn 1\n", encoding="utf-8")
    assert changed_files(before, file_marks(root)) == ["made: tests/golden/wok4.txt"]
    monkeypatch.setenv("WTG_REGEN_GOLDEN", "1")
    assert changed_files(before, file_marks(root)) == []
