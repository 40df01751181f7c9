"""The systemd unit shipped with wtg (``wtg/serve/wtg.service``), filled in for this install
by `wtg serve --unit`: the ``wtg`` of this environment, the config, the user the host
belongs to, and the checkout wtg runs from when its Python does not find it by itself."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
from importlib.resources import files
from pathlib import Path
from string import Template

from wtg.core.errors import UsageError

UNIT_FILE = "wtg.service"


class UnitTemplate(Template):
    delimiter = "@"  # a unit file's own $MAINPID stays as it is


def unit_text(
    wtg: Path, config: Path, user: str, checkout: Path | None = None, module: bool = False
) -> str:
    """The shipped unit, for ``wtg`` run as ``user`` on ``config`` (both absolute); with
    ``checkout`` (``running_checkout``) on its PYTHONPATH; ``module``: ``wtg`` is the Python
    that runs it as ``PYTHON -m wtg``."""
    shipped = files("wtg.serve").joinpath(UNIT_FILE).read_text(encoding="utf-8")
    environment = quoted(f"WTG_CONFIG={config}")
    if checkout is not None:
        environment += " " + quoted(f"PYTHONPATH={checkout}")
    command = quoted(str(wtg)) + (" -m wtg" if module else "")
    return UnitTemplate(shipped).substitute(
        user=user, environment=environment, exec_start=f"{command} serve"
    )


def run_as_module() -> bool:
    """Whether this wtg runs as ``python -m wtg``."""
    main = Path(__file__).resolve().parents[1] / "__main__.py"
    return bool(sys.argv) and Path(os.path.abspath(sys.argv[0])).resolve() == main


def running_checkout() -> Path | None:
    """The folder the running wtg was imported from when the Python running it would not
    import it from there by itself, as systemd starts it (no PYTHONPATH, in ``/``): a
    checkout given by PYTHONPATH, or the folder a ``python -m wtg`` ran in. None when that
    Python imports this very wtg. A unit without it ran the wtg installed in the venv, or
    none: another wtg than the one the GM made the unit with (and upgrades by ``git
    pull``)."""
    package = Path(__file__).resolve().parents[1]
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    try:
        found = subprocess.run(
            [sys.executable, "-c", "import wtg; print(wtg.__file__)"],
            env=environment,
            cwd="/",
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return package.parent
    lines = found.stdout.splitlines()
    if found.returncode == 0 and lines and Path(lines[-1]).resolve().parent == package:
        return None
    return package.parent


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
