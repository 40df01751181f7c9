"""The options a command was given on its command line that the commands it suggests
carry (``wtg.cli.othergame``'s did-you-mean, `wtg run-turn`'s refusals and its line's
rollback): ``--config FILE`` and ``--games-dir DIR``. A refusal's `wtg release g1`,
copied by a GM who ran `wtg --config /srv/b/wtg.yaml hold g2` (no ``WTG_CONFIG``), ran
against the host his shell's ``WTG_CONFIG`` named, or none. Options the environment gave
(``WTG_CONFIG``, ``WTG_GAMES_DIR``) are not added: the shell that copies the line has them
too."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import click

OPTIONS = (("config", "--config"), ("games_dir", "--games-dir"))
"""The group's options a suggested command carries: the parameter, the option."""


def given_options() -> str:
    """`` --config FILE --games-dir DIR`` as the command line running gave them (each path
    absolute: the same file from any folder), or "" (none given there, or no command
    running)."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return ""
    root = ctx.find_root()
    given = ""
    for parameter, option in OPTIONS:
        value = root.obj.get(parameter) if isinstance(root.obj, dict) else None
        source = root.get_parameter_source(parameter)
        if value and source is click.core.ParameterSource.COMMANDLINE:
            given += f" {option} {shlex.quote(os.fspath(Path(value).absolute()))}"
    return given


def given_head() -> str:
    """How a suggested command begins: ``wtg`` with the options given (``given_options``)."""
    return "wtg" + given_options()


COMMAND = re.compile(r"`wtg (?=[a-z])")
"""The start of a command a message names in backquotes, `wtg` then the command's name
(not a ``--config`` already there)."""


def carrying_given(message: str) -> str:
    """``message`` of a layer below the command line (the engine's refusals) with each
    command it names (`` `wtg COMMAND ...` ``) begun as ``given_head``."""
    head = given_head()
    return message if head == "wtg" else COMMAND.sub(lambda _: f"`{head} ", message)
