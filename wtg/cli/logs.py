"""``--log-format``, ``--log-level``, ``--log-file``: where a command's events go.

The events are those of ``wtg.logs.events``, one a line, to stderr (journald reads
it) or appended to a file (0600; reopened when logrotate moves it away). A command that
prints its own summary logs nothing unless asked; ``wtg serve`` logs at ``info`` by
default.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Any, TextIO, TypeVar

import click

from wtg.cli.givenhead import COMMAND, given_head
from wtg.cli.homepath import HomePath
from wtg.logs.events import LOGGER, JsonFormat, TextFormat

F = TypeVar("F", bound=Callable[..., Any])
LEVELS = ("debug", "info", "warning", "error")


def log_options(function: F) -> F:
    """The three options, each passed to the command as a keyword (``log_format``,
    ``log_level``, ``log_file``): the command calls ``start_logging`` with them."""
    for option in reversed(
        (
            click.option(
                "--log-format",
                type=click.Choice(("text", "json")),
                default="text",
                show_default=True,
                help="One event a line as text, or as a JSON object.",
            ),
            click.option(
                "--log-level",
                type=click.Choice(LEVELS, case_sensitive=False),
                default=None,
                help="The least an event must weigh to be logged (default: no log, info with "
                "--log-file; `wtg serve`: info).",
            ),
            click.option(
                "--log-file",
                type=HomePath(dir_okay=False),
                default=None,
                help="Append the log to FILE (0600) rather than to stderr.",
            ),
        )
    ):
        function = option(function)
    return function


def start_logging(
    log_format: str, log_level: str | None, log_file: str | None, default: str | None = None
) -> None:
    """Send wtg's events to stderr or ``log_file`` from ``log_level`` up (``default`` when
    none is given; with neither, and no file, nothing is logged)."""
    level = log_level or default or ("info" if log_file else None)
    for old in list(LOGGER.handlers):
        LOGGER.removeHandler(old)
        old.close()
    if level is None:
        LOGGER.addHandler(logging.NullHandler())
        LOGGER.propagate = False
        return
    handler: logging.Handler = PrivateLogFile(log_file) if log_file else logging.StreamHandler()
    journald = not log_file and bool(os.environ.get("JOURNAL_STREAM"))
    handler.setFormatter(JsonFormat() if log_format == "json" else TextFormat(stamp=not journald))
    head = given_head()
    if head != "wtg":  # the --config the command was given: a hint copied works as typed
        handler.addFilter(GivenHead(head))
    LOGGER.addHandler(handler)
    LOGGER.setLevel(level.upper())
    LOGGER.propagate = False


class GivenHead(logging.Filter):
    """Each command a line of the log names in backquotes (`` `wtg check-config` ``) begun
    as the command that logs was given (``wtg --config FILE``: ``given_head``), as the
    lines it prints are. Before, `wtg --config /srv/wtg/wtg.yaml serve --log-file ...`
    logged `wtg check-config` alone, which checked another config, or none."""

    def __init__(self, head: str) -> None:
        super().__init__()
        self.head = head

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        begun = COMMAND.sub(lambda _: f"`{self.head} ", message)
        if begun != message:
            record.msg, record.args = begun, ()
        return True


class PrivateLogFile(logging.StreamHandler):  # type: ignore[type-arg]
    """A log file appended to, created 0600, and opened anew when logrotate has moved it
    away (the file at the path is no longer the one written)."""

    def __init__(self, path: str) -> None:
        self.path = path
        super().__init__(self._open())

    def _open(self) -> TextIO:
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return os.fdopen(fd, "a", encoding="utf-8")

    def _moved(self) -> bool:
        try:
            now = os.stat(self.path)
        except FileNotFoundError:
            return True
        mine = os.fstat(self.stream.fileno())
        return (now.st_dev, now.st_ino) != (mine.st_dev, mine.st_ino)

    def emit(self, record: logging.LogRecord) -> None:
        if self._moved():
            self.setStream(self._open()).close()  # type: ignore[union-attr]
        super().emit(record)

    def close(self) -> None:
        self.acquire()
        try:
            self.stream.close()
        finally:
            self.release()
        super().close()
