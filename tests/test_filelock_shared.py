"""The shared lock a reader holds on a game's lock file (``wtg.files.filelock.shared``,
``run-turn --preview``): readers together, never while a writer holds the exclusive lock,
nor a writer while a reader holds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from wtg.files.filelock import exclusive, shared


class Busy(Exception):
    pass


def test_readers_share_the_lock_and_a_writer_excludes_them(tmp_path: Path) -> None:
    path = tmp_path / ".lock"
    with shared(path, Busy), shared(path, Busy):  # made where there was none
        assert path.read_bytes() == b""
        with pytest.raises(Busy), exclusive(path, Busy):
            pass  # a writer is refused while a reader reads
    with exclusive(path, Busy), pytest.raises(Busy), shared(path, Busy):
        pass
    with shared(path, Busy):  # the writer done
        pass
