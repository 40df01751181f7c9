"""A path the GM gives with a ~ the shell did not expand (quoted, from a script, a systemd
unit, a crontab's variable): his home folder, as --config, --games-dir and the config's own
paths take it. Taken as it stood, it named a folder `~` in the current one: a game folder
or an order file not found there, a preview or a backup written into ./~ (and a later
`rm -rf ~` to tidy that away is the home folder)."""

from __future__ import annotations

import os
from typing import Any

import click


def home_taken(given: str) -> str:
    """``given`` with a leading ``~`` (``~/x``, ``~gm/x``) made the home folder; any other
    path as it is. A file or folder of the current one named so is left to mean itself."""
    if not given.startswith("~") or os.path.lexists(given):
        return given
    return os.path.expanduser(given)


class HomePath(click.Path):
    """``click.Path`` whose leading ``~`` is the home folder (``home_taken``)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            value = home_taken(value)
        return super().convert(value, param, ctx)
