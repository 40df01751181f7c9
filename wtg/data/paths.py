"""Where the project's data lives: forms/, games/ and templates/.

In the checkout they sit at the top, beside ``wtg/``; ``pip install .`` installs them as
package data inside the package (``wtg/forms``, ``wtg/games``, ``wtg/templates``: see
setup.cfg's package_dir), found here through importlib.resources. An editable install
reads the checkout's own. ``WTG_DATA_DIR``, a folder holding all three, wins over both.
"""

from __future__ import annotations

import os
from functools import cache
from importlib.resources import files
from pathlib import Path

KINDS = ("forms", "games", "templates")


@cache
def data_dir(kind: str) -> Path:
    """The folder of one kind of data (``forms``, ``games`` or ``templates``)."""
    if kind not in KINDS:
        raise ValueError(f"no data of kind {kind!r} (kinds: {', '.join(KINDS)})")
    override = os.environ.get("WTG_DATA_DIR")
    if override:
        return Path(override) / kind
    installed = files("wtg") / kind
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / kind  # the checkout, installed editable


def games_path(ruleset: str) -> Path:
    return data_dir("games") / ruleset


def templates_path() -> Path:
    return data_dir("templates")
