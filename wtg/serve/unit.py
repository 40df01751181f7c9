"""The systemd unit shipped with wtg (``wtg/serve/wtg.service``), filled in for this install
by `wtg serve --unit`: the ``wtg`` of this environment, the config, the user the host
belongs to."""

from __future__ import annotations

import os
import pwd
import shutil
import sys
from importlib.resources import files
from pathlib import Path
from string import Template

from wtg.core.errors import UsageError

UNIT_FILE = "wtg.service"


class UnitTemplate(Template):
    delimiter = "@"  # a unit file's own $MAINPID stays as it is


def unit_text(wtg: Path, config: Path, user: str) -> str:
    """The shipped unit, for ``wtg`` run as ``user`` on ``config`` (both absolute)."""
    shipped = files("wtg.serve").joinpath(UNIT_FILE).read_text(encoding="utf-8")
    return UnitTemplate(shipped).substitute(
        user=user,
        environment=quoted(f"WTG_CONFIG={config}"),
        exec_start=f"{quoted(str(wtg))} serve",
    )


def quoted(word: str) -> str:
    """One word of a unit file's line: ``%`` doubled (systemd's specifiers), and in double
    quotes when it holds a space, a quote or a backslash."""
    word = word.replace("%", "%%")
    if any(c.isspace() or c in "\"'\\" for c in word):
        return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return word


def this_wtg() -> Path:
    """The ``wtg`` command of this install: beside the running Python (a venv's bin/),
    else the one on the PATH."""
    beside = Path(sys.executable).parent / "wtg"
    if beside.is_file() and os.access(beside, os.X_OK):
        return beside.absolute()
    found = shutil.which("wtg")
    if found is None:
        raise UsageError(
            f"no `wtg` command beside {sys.executable} nor on the PATH: install wtg "
            "(pip install) before making its unit"
        )
    return Path(found).absolute()


def owner_of(folder: Path) -> str:
    """The user a folder belongs to (the host's, who ran `wtg init`): the service runs as
    him; the user running this command when the folder is not there."""
    try:
        uid = folder.stat().st_uid
    except OSError:
        uid = os.geteuid()
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)
