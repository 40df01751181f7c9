"""The options a command was given on its command line that the commands it suggests
carry (``wtg.cli.othergame``'s did-you-mean, `wtg run-turn`'s refusals and its line's
rollback): ``--config FILE`` and ``--games-dir DIR``. A refusal's `wtg release g1`,
copied by a GM who ran `wtg --config /srv/b/wtg.yaml hold g2` (no ``WTG_CONFIG``), ran
against the host his shell's ``WTG_CONFIG`` named, or none. Options the environment gave
(``WTG_CONFIG``, ``WTG_GAMES_DIR``) are not added: the shell that copies the line has them
too."""

from __future__ import annotations

import functools
import os
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import click

from wtg.core.printable import printable

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


CARRIES = "wtg.carries_given"
"""The key in click's ``Context.meta`` (shared by a command and its group) that marks a
command whose refusals carry the options given (``carries_given``)."""

F = TypeVar("F", bound=Callable[..., Any])


def carries_given(command: F) -> F:
    """Mark a command (under ``@click.command``, before ``pass_context``) whose every
    refusal (``wtg.cli.common.fail``, an error of a layer below included) names the
    commands it suggests with the options given: ``carried``."""

    @functools.wraps(command)
    def marked(*args: Any, **kwargs: Any) -> Any:
        ctx = click.get_current_context(silent=True)
        if ctx is not None:
            ctx.meta[CARRIES] = True
        return command(*args, **kwargs)

    return cast(F, marked)


def carried(message: str) -> str:
    """``message`` with its commands begun as ``given_head`` when the running command is
    marked ``carries_given``; as it is for any other (a command not yet gone over)."""
    ctx = click.get_current_context(silent=True)
    return carrying_given(message) if ctx is not None and ctx.meta.get(CARRIES) else message


def tell(text: str, err: bool = False) -> None:
    """A line for the GM (a result, a warning: ``err``), its commands begun as
    ``given_head`` (``carrying_given``), without its control sequences."""
    click.echo(printable(carrying_given(text)), err=err)
