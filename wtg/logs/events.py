"""The events the host logs, one line each, naming the game and the mail or turn.

Every room logs through ``log_event``: a message and the context it happened in (``game``,
``mail``: the mail's key in the journal, or the outbox id of a mail we send; ``turn``),
kept on the log record as ``wtg``. The
two formats (``--log-format text|json``) read that context; neither knows the rooms. Text
that came by mail is printed without its control sequences (``wtg.core.printable``; in the
text format, without a pile of marks on one letter too: ``on_screen``), and a line stays
one line: journald and ``grep`` read a log a line an event.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timezone

from wtg.core.printable import on_screen, printable

LOGGER = logging.getLogger("wtg")
LOGGER.addHandler(logging.NullHandler())  # until a command chooses (``cli/logs.py``): no
# line at all, not even the warnings Python's last resort would print on stderr
CONTEXT = ("game", "turn", "mail")
"""The context of an event, in the order the text format prints it."""


def log_event(
    message: str,
    *,
    game: str | None = None,
    turn: int | None = None,
    mail: str | None = None,
    level: int = logging.INFO,
    logger: logging.Logger = LOGGER,
) -> None:
    """Log one event with its context (what is None is left out)."""
    if not logger.isEnabledFor(level):
        return
    context = {"game": game, "turn": turn, "mail": mail}
    logger.log(level, message, extra={"wtg": {k: v for k, v in context.items() if v is not None}})


def _context(record: logging.LogRecord) -> dict[str, object]:
    found = getattr(record, "wtg", None)
    return dict(found) if isinstance(found, dict) else {}


def _one_line(text: str) -> str:
    return " | ".join(line for line in on_screen(text).splitlines() if line.strip())


def _moment(record: logging.LogRecord) -> str:
    return datetime.fromtimestamp(record.created, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class TextFormat(logging.Formatter):
    """``2026-12-02T10:00:00Z INFO game=alpha turn=3 the turn ran``; ``stamp=False`` leaves
    the time out (journald stamps each line itself)."""

    def __init__(self, stamp: bool = True) -> None:
        super().__init__()
        self.stamp = stamp

    def format(self, record: logging.LogRecord) -> str:
        context = _context(record)
        fields = [f"{key}={_one_line(str(context[key]))}" for key in CONTEXT if key in context]
        head = [_moment(record)] if self.stamp else []
        text = " ".join([*head, record.levelname, *fields, _one_line(record.getMessage())])
        if record.exc_info:
            text += " | " + _one_line(self.formatException(record.exc_info))
        return text


class JsonFormat(logging.Formatter):
    """One JSON object a line: ``time``, ``level``, ``logger``, the context's keys that
    are known, ``message`` (and ``error`` with the traceback of an exception)."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, object] = {
            "time": _moment(record),
            "level": record.levelname,
            "logger": record.name,
        }
        data.update(
            {k: printable(v) if isinstance(v, str) else v for k, v in _context(record).items()}
        )
        data["message"] = printable(record.getMessage())
        if record.exc_info:
            data["error"] = printable(self.formatException(record.exc_info))
        return json.dumps(data, ensure_ascii=False)
