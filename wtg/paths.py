"""Where the project's data lives: forms/, games/ and templates/."""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path


@cache
def data_root() -> Path:
    """The folder holding forms/, games/ and templates/.

    ``WTG_DATA_DIR`` wins; then the source checkout the package was installed
    from (an editable install); then the copy pip installed under
    ``<prefix>/share/wtg``.
    """
    override = os.environ.get("WTG_DATA_DIR")
    if override:
        return Path(override)
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "forms").is_dir():
        return checkout
    return Path(sys.prefix) / "share" / "wtg"


def form_path(ruleset: str) -> Path:
    return data_root() / "forms" / f"{ruleset}.yaml"


def games_path(ruleset: str) -> Path:
    return data_root() / "games" / ruleset


def templates_path() -> Path:
    return data_root() / "templates"
