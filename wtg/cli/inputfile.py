"""A file a command reads (`wtg orders GAME FILE`), given by a path relative to the folder
the GM stands in. Given from another folder (`wtg orders test1 aof-1.txt` in the home
folder, the form written into the host's folder as docs/gm.md's step 3 does), it was
refused with click's `'aof-1.txt': No such file or directory`, which said neither where it
was looked for nor where it is."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from wtg.cli.common import config_path
from wtg.cli.homepath import home_taken
from wtg.core.errors import WtgError


class InputFile(click.File):
    """``click.File`` whose refusal of a relative path that is not there names the current
    folder it was looked for in and the file meant: the one of that path in the host's
    folder (the config's) or in its games folder."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):  # a ~ the shell left: the home folder
            value = home_taken(value)
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            given = os.fspath(value) if isinstance(value, (str, os.PathLike)) else None
            if given is None or given == "-" or os.path.isabs(given) or os.path.lexists(given):
                raise
            hint = _relative_hint(given, ctx)
            raise click.BadParameter(f"{exc.message} ({hint})", ctx, param) from None


def _relative_hint(given: str, ctx: click.Context | None) -> str:
    here = Path.cwd()
    found = [path for path in _host_folders(ctx) if (path / given).is_file()]
    where = f"a relative path is read from the current folder, {here}"
    if found:
        return f"{where}: did you mean {found[0] / given}?"
    return f"{where}: give the file's full path"


def _host_folders(ctx: click.Context | None) -> list[Path]:
    """The host's folder and its games folder, as the config names them (none without a
    config, or with one that cannot be read: the hint is only a hint)."""
    config = config_path(ctx) if ctx is not None else None
    if config is None:
        return []
    folders = [config.absolute().parent]
    try:
        # deferred: pydantic (the config's schema), as gm_config defers it
        from wtg.host.config import load_config

        folders.append(load_config(config).games_dir.absolute())
    except (WtgError, OSError):  # a config the command itself refuses, saying why
        pass
    return [folder for folder in folders if folder != Path.cwd()]
