"""The kill points see the removals ``shutil.rmtree`` makes: it removes what a folder holds
by bare names relative to the folder's open descriptor (``os.unlink(name, dir_fd=fd)``), and
a write counts when the folder the descriptor names is under the root, not when the bare
name happens to be under it from the working folder."""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests import killpoints


@contextmanager
def opened(folder: Path) -> Iterator[int]:
    """``folder`` open for reading, as ``shutil.rmtree`` opens each folder it empties."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        yield fd
    finally:
        os.close(fd)


def test_a_removal_relative_to_a_folder_under_the_root_counts_and_one_outside_does_not(
    tmp_path: Path,
) -> None:
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "game" / "turns").mkdir(parents=True)
    outside.mkdir()
    log = tmp_path / "log"
    counter = killpoints._Counter(str(root), 0, str(tmp_path / "report"), False, str(log))
    with opened(root / "game") as inner, opened(outside) as other:
        counter.hook("os.remove", ("game.yaml", inner))
        counter.hook("os.rmdir", ("turns", inner))
        counter.hook("os.rename", ("a", "b", inner, other))
        counter.hook("os.remove", ("game.yaml", other))
        counter.hook("os.rmdir", (str(root / "game"), -1))
    assert counter.seen == 4
    game = root / "game"
    assert killpoints.written(log) == [
        f"os.remove {game / 'game.yaml'}",
        f"os.rmdir {game / 'turns'}",
        f"os.rename {game / 'a'} -> {outside / 'b'}",
        f"os.rmdir {game}",
    ]


def test_no_module_of_wtg_opens_a_file_relative_to_a_folder_s_descriptor() -> None:
    """The audit event of an open carries its path, mode and flags, never the folder
    descriptor a relative path is opened against (``os.open(name, flags, dir_fd=fd)``): the
    kill points would read such a path against the working folder, and miss the write. No
    module of wtg opens one so (the standard library's own, in ``shutil.rmtree`` and
    ``os.fwalk``, open folders to read; the libraries wtg calls open none)."""
    found = []
    for path in sorted((killpoints.CHECKOUT / "wtg").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and any(k.arg == "dir_fd" for k in node.keywords):
                name = ast.unparse(node.func)
                if name.endswith("open"):
                    found.append(f"{path.relative_to(killpoints.CHECKOUT)}:{node.lineno} {name}")
    assert found == []
