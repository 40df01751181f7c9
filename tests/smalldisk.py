"""A folder on a small tmpfs of its own, for a test that fills a disk: mounted for the test
(root may, as here and in CI) and unmounted after it; where mounting is not allowed the test
skips, saying so (``tests.unavailable``)."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.unavailable import unavailable


@contextmanager
def small_disk(size: str, prefix: str) -> Iterator[Path]:
    """A new folder named from ``prefix`` with a tmpfs of ``size`` (mount's words: ``2m``,
    ``256k``) mounted on it; unmounted lazily after (wtg may keep a file open in it) and
    the folder removed."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        folder.rmdir()
        unavailable(f"cannot mount a small tmpfs to fill (root may): {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=True)
        folder.rmdir()
