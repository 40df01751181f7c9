"""How the last mail polls went: `run-turn --due` holds a game when the poll has been failing,
and `wtg status --host` tells the GM. A poll that fails is logged here, as a warning, where
it is recorded (``wtg.logs``: the server could not be reached, the connection dropped, the
poll stopped)."""

from __future__ import annotations

import json
import logging
from datetime import datetime
from pathlib import Path

from wtg.core.record import Record
from wtg.files import private
from wtg.files.store import write_atomic
from wtg.game.schedule import iso, moment_text, parse_iso
from wtg.logs.addresses import log_hiding_addresses

HEALTH_FILE = "poll-health.json"


NO_WORDS = "the poll failed, and said no more"
"""A failure's reason when it gave none: the file keeps a failure by its reason."""


class PollHealth(Record):
    last_success: datetime | None
    last_failure: datetime | None
    error: str = ""
    """Why the last poll failed; "" when it succeeded."""
    result: str = ""
    """The summary line of the last poll that succeeded (``filed 2, rejected 0, ...``)."""
    waiting: tuple[tuple[str, int], ...] = ()
    """The mails the last poll that succeeded left in the inbox for a game the GM has to
    mend, by the game's folder name (``wtg.mail.poll.waiting``): the digest says them."""
    unsent_said: datetime | None = None
    """When a poll last said that answers went unsent (``PollSummary.unsent_news``): `wtg
    poll -q` says it again an hour later at the soonest. None: never (or an older wtg's
    file)."""

    def describe_success(self) -> str:
        return moment_text(self.last_success) if self.last_success else "it was set up"

    @property
    def last(self) -> datetime | None:
        """When the last poll ran, whether it succeeded or failed: the failure's time while
        the poll is failing, else the success's (not the later of the two: a clock that was
        ahead stamps a success later than the failures after it)."""
        if self.failing and self.last_failure is not None:
            return self.last_failure
        return self.last_success or self.last_failure

    @property
    def failing(self) -> bool:
        """Whether the last poll failed: it left its reason, which a success clears (the
        times are to the second, and a poll that fails in the second of the last success is
        failing all the same). Not the order of the two times: a failure stamped by a clock
        that was ahead (set back since) is later than the successes after it, and the host,
        polling well, was said to fail, its turns held as in an outage."""
        return bool(self.error) or (self.last_success is None and self.last_failure is not None)


def last_poll(spool: Path) -> PollHealth | None:
    """None when the poll never ran (games run by hand need no poll)."""
    try:
        data = json.loads((spool / HEALTH_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None

    def moment(key: str) -> datetime | None:
        return parse_iso(data[key]) if data.get(key) else None

    return PollHealth(
        last_success=moment("last_success"),
        last_failure=moment("last_failure"),
        error=str(data.get("error", "")),
        result=str(data.get("result", "")),
        waiting=_waiting(data.get("waiting")),
        unsent_said=_moment(data.get("unsent_said")),
    )


def _moment(found: object) -> datetime | None:
    """A time the health file keeps, None when there is none or it cannot be read (a file
    edited, or torn)."""
    if not isinstance(found, str):
        return None
    try:
        return parse_iso(found)
    except ValueError:
        return None


def _waiting(found: object) -> tuple[tuple[str, int], ...]:
    """The health file's ``waiting`` (none in a file an older wtg wrote, or a torn one)."""
    if not isinstance(found, dict):
        return ()
    return tuple((str(g), n) for g, n in found.items() if isinstance(n, int))


def record_poll(
    spool: Path,
    now: datetime,
    error: str | None,
    result: str = "",
    waiting: dict[str, int] | None = None,
    unsent_said: bool = False,
    *,
    logged: bool = False,
) -> None:
    """A poll at ``now`` failed (``error``) or succeeded (``error`` None; ``result``: its
    summary line; ``waiting``: the mails it left for a game to mend, by game;
    ``unsent_said``: it said that answers went unsent, the time kept; else the last time
    one did stays). A failure is logged, unless the caller logs it itself (``logged``: `wtg
    serve`'s one line a failed poll, with its pause; it logged two, the second saying the
    first again)."""
    if error is not None and not logged:
        log_hiding_addresses(f"poll failed: {error}", level=logging.WARNING)
    previous = last_poll(spool)
    success = previous.last_success if previous else None
    failure = previous.last_failure if previous else None
    if error is None:
        success = now
    else:
        failure = now
    if not spool.parent.is_dir():  # the games folder moved away under a running poll:
        return  # never made anew for this record (`wtg serve` stops, saying why)
    private.make_dirs(spool)
    data = {
        "last_success": iso(success) if success else None,
        "last_failure": iso(failure) if failure else None,
        "error": (error or NO_WORDS) if error is not None else "",
        "result": result if error is None else (previous.result if previous else ""),
        "waiting": (waiting or {}) if error is None else dict(previous.waiting if previous else ()),
        "unsent_said": iso(now) if unsent_said else _said(previous),
    }
    write_atomic(spool / HEALTH_FILE, json.dumps(data) + "\n")


def _said(previous: PollHealth | None) -> str | None:
    """The time the last poll that said answers went unsent did, as the file keeps it."""
    return iso(previous.unsent_said) if previous and previous.unsent_said else None
