"""The print of the code a `wtg serve` started with (``code_print``, `service.json`'s
``code``), of an install without ``.py`` files: one of ``.pyc`` files alone, and one in a
zip. Both hashed nothing (the print of no file at all), so a service of such an install
never read as running other code after wtg was installed again. What is there is hashed:
the ``.py`` files, or the ``.pyc`` files where the sources are not."""

from __future__ import annotations

import compileall
import hashlib
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "wtg"
NOTHING = hashlib.sha256().hexdigest()[:16]
"""The print of no file."""


def copied(folder: Path, line: str) -> Path:
    """A copy of this wtg in ``folder`` (as ``folder/wtg``) whose ``__init__.py`` ends with
    ``line``: ``folder``."""
    shutil.copytree(PACKAGE, folder / "wtg", ignore=shutil.ignore_patterns("__pycache__"))
    init = folder / "wtg" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + f"{line}\n", encoding="utf-8")
    return folder


def sourceless(folder: Path, line: str) -> Path:
    """A copy of this wtg of ``.pyc`` files alone, beside where each source was (as
    ``compileall -b`` leaves them, the one place Python imports them from without their
    source): the folder to put on the path."""
    copied(folder, line)
    assert compileall.compile_dir(folder / "wtg", legacy=True, quiet=1)
    for source in (folder / "wtg").rglob("*.py"):
        source.unlink()
    return folder


def zipped(folder: Path, line: str) -> Path:
    """A copy of this wtg in a zip: the zip, to put on the path."""
    copied(folder, line)
    archive = folder / "wtg.zip"
    with zipfile.ZipFile(archive, "w") as packed:
        for path in sorted((folder / "wtg").rglob("*")):
            packed.write(path, path.relative_to(folder).as_posix())
    shutil.rmtree(folder / "wtg")
    return archive


def print_of(path: Path, cwd: Path) -> str:
    """``code_print()`` of the wtg found at ``path`` (run from ``cwd``, holding no wtg)."""
    env = {**os.environ, "PYTHONPATH": str(path), "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import wtg.host.servicerecord as r; print(r.__file__); print(r.code_print())",
        ],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    where, code = run.stdout.split()
    assert where.startswith(str(path)), where  # that install's wtg, not this checkout's
    return code


def test_an_install_of_pyc_files_alone_has_a_print_of_its_code(tmp_path: Path) -> None:
    """Installed again in the same place, as an install is: a compiled file holds the path
    it was compiled at, and the time of its source in its header, which is not hashed."""
    prints = []
    for line in ("PULLED = 1", "PULLED = 2", "PULLED = 1"):
        shutil.rmtree(tmp_path / "site", ignore_errors=True)
        prints.append(print_of(sourceless(tmp_path / "site", line), tmp_path))
    first, again, same = prints
    assert NOTHING not in (first, again)
    assert first != again
    assert same == first


def test_a_zipped_install_has_a_print_of_its_code(tmp_path: Path) -> None:
    first = print_of(zipped(tmp_path / "one", "PULLED = 1"), tmp_path)
    again = print_of(zipped(tmp_path / "two", "PULLED = 2"), tmp_path)
    assert NOTHING not in (first, again)
    assert first != again
    assert print_of(zipped(tmp_path / "three", "PULLED = 1"), tmp_path) == first
