"""`wtg map -o FILE` wrote its file in place: a `kill -9` or a full disk between the file's
truncation and its last byte left an earlier map of that name cut short (or empty). Now it
is written whole under a temporary name beside it and renamed over it
(``wtg.files.userfile``): killed before any of its writes, or on a disk too full for the new
map, the earlier map is there as it was; the same command again writes the new one whole and
leaves no temporary file.

The full disk is a small tmpfs the test mounts (root, as here and in CI); where mounting is
not allowed that test skips, saying so.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests import killpoints
from tests.mapgames import played_game
from tests.smalldisk import small_disk
from wtg.cli import main
from wtg.game.engine import Game

EARLIER = b"<svg>the map the GM kept of an earlier turn</svg>\n"


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return played_game(tmp_path_factory.mktemp("whole") / "isle", "wok4", "small", 3, turns=1)


def fresh_map(game: Game, form: str) -> bytes:
    drawn = wtg("map", game.store.root, "--format", form, "-o", "-")
    assert drawn.exit_code == 0, drawn.output
    return drawn.stdout_bytes


def test_a_kill_at_each_write_leaves_the_earlier_map_whole(game: Game, tmp_path: Path) -> None:
    out = tmp_path / "maps"
    target = out / "board.svg"
    args = ["map", str(game.store.root), "-o", str(target)]

    def restore() -> None:
        out.mkdir(exist_ok=True)
        for entry in out.iterdir():
            entry.unlink()
        target.write_bytes(EARLIER)
        target.chmod(0o640)

    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, out, restore, log=log)
    writes = killpoints.written(log)
    aside = writes[0].split()[1]  # the writer's own name (wtg.files.asidename)
    assert Path(aside).name.startswith(".board.svg.") and aside.endswith(".tmp")
    assert writes == [f"open {aside} flags", f"os.rename {aside} -> {target}"]
    new = fresh_map(game, "svg")
    assert target.read_bytes() == new != EARLIER
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the earlier file's mode kept
    for write, cut in killpoints.cuts(args, out, range(1, whole.writes + 1), restore):
        assert target.read_bytes() == EARLIER, (write, cut.before)
        again = killpoints.count(args, out)
        assert again.returncode == 0, again.stderr
        assert target.read_bytes() == new
        assert sorted(p.name for p in out.iterdir()) == ["board.svg"], write


def test_a_map_through_a_link_replaces_the_file_linked_to(game: Game, tmp_path: Path) -> None:
    kept = tmp_path / "kept.svg"
    kept.write_bytes(EARLIER)
    link = tmp_path / "latest.svg"
    link.symlink_to(kept.name)
    assert wtg("map", game.store.root, "-o", link).exit_code == 0
    assert link.is_symlink() and kept.read_bytes() == fresh_map(game, "svg")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.svg", "latest.svg"]


def test_a_new_map_gets_the_umask_mode(game: Game, tmp_path: Path) -> None:
    previous = os.umask(0o027)
    try:
        assert wtg("map", game.store.root, "-o", tmp_path / "new.svg").exit_code == 0
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "new.svg").stat().st_mode) == 0o640


@pytest.fixture
def disk() -> Iterator[Path]:
    """A folder on a tmpfs of 256 KB of its own."""
    with small_disk("256k", "wtg-mapdisk-") as folder:
        yield folder


def fill(folder: Path) -> None:
    """Fill the disk of ``folder`` to its last block."""
    with open(folder / "filler", "wb", buffering=0) as out:
        for size in (4096, 512, 1):
            try:
                while True:
                    out.write(b"x" * size)
            except OSError:
                continue


def test_a_full_disk_leaves_the_earlier_map_whole(game: Game, disk: Path) -> None:
    png = fresh_map(game, "png")
    target = disk / "board.png"
    target.write_bytes(EARLIER)
    fill(disk)
    assert len(png) > len(EARLIER) + 4096 * 2  # more than truncating the earlier one frees
    result = wtg("map", game.store.root, "--format", "png", "-o", target)
    assert result.exit_code == 1
    assert result.stderr == f"wtg: cannot write {target}: No space left on device\n"
    assert target.read_bytes() == EARLIER
    assert sorted(p.name for p in disk.iterdir()) == ["board.png", "filler"]
    (disk / "filler").unlink()  # the GM makes room: the same command writes it whole
    again = wtg("map", game.store.root, "--format", "png", "-o", target)
    assert again.exit_code == 0, again.output
    assert target.read_bytes() == png
    assert sorted(p.name for p in disk.iterdir()) == ["board.png"]


def test_a_pipe_is_written_in_place(game: Game) -> None:
    """``-o /dev/stdout`` in a GM's script: no file there to replace, the map goes down it."""
    command = "from wtg.cli import main; main()"
    args = ["map", str(game.store.root), "-o", "/dev/stdout"]
    piped = subprocess.run([sys.executable, "-c", command, *args], capture_output=True, check=False)
    assert piped.returncode == 0, piped.stderr
    told = b"map of turn 1 written to /dev/stdout\n"
    assert piped.stdout == fresh_map(game, "svg") + told


def test_only_what_a_killed_map_left_is_removed_beside_it(game: Game, tmp_path: Path) -> None:
    """``wtg map -o board.svg`` removed any ``.board.svg.tmp`` beside it (the name earlier
    wtg wrote under), which may be the GM's own file: it now removes only the names of its
    own writers (``.NAME.PID-TOKEN.tmp``) whose process is gone."""
    said = [sys.executable, "-c", "import os; print(os.getpid())"]
    ended = subprocess.run(said, capture_output=True, text=True, check=True)
    dead, running = int(ended.stdout), os.getppid()
    target = tmp_path / "board.svg"
    kept = {
        ".board.svg.tmp": b"the GM's own notes",
        f".board.svg.{running}-0123abcd.tmp": b"a map another wtg is writing",
        f".other.svg.{dead}-0123abcd.tmp": b"another file's",
        f".board.svg.{dead}-0123abcd.tmp.bak": b"the GM's copy of one",
    }
    for name, data in kept.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / f".board.svg.{dead}-89abcdef.tmp").write_bytes(b"<svg>cut sh")
    drawn = wtg("map", game.store.root, "-o", target)
    assert drawn.exit_code == 0, drawn.output
    assert target.read_bytes() == fresh_map(game, "svg")
    left = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p != target}
    assert left == kept
