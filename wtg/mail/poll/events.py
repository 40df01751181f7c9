"""What the poll did with each mail, as an event: the log's line (``wtg.logs``) and the
line of ``wtg poll -v`` are both made from it, and the poll's own line from its summary.

An event names the mail by its key in the journal (its archived copy's name) and the game
it was for when that is known (not for a stranger's mail, a bounce, nor a mail an earlier
poll handled and this one only found in the journal). The addresses a text may hold (a
bounce's, an answer held back) stay out of the lines from ``info`` up
(``wtg.logs.addresses``); ``wtg poll -v`` prints the text whole, as it always did.
"""

from __future__ import annotations

import logging

from wtg.core.record import Record
from wtg.logs.addresses import log_hiding_addresses
from wtg.logs.events import LOGGER, log_event
from wtg.mail.spool.outcome import Kind, Outcome

_WARNED = (Kind.QUARANTINED, Kind.HELD)
"""The outcomes the GM has to see to (``wtg quarantine``): logged as warnings."""


class MailEvent(Record):
    mail: str
    """The mail's key in the journal."""
    outcome: Outcome

    @property
    def game(self) -> str | None:
        return self.outcome.game

    def text(self) -> str:
        """What was done with the mail: ``stored: g1 turn 3 player 2``."""
        return self.outcome.text()

    def line(self) -> str:
        """The line of ``wtg poll -v``: the key, then what was done."""
        return f"{self.mail}: {self.text()}"

    @property
    def level(self) -> int:
        """A mail held or quarantined, whose answer a limit held back, or that holds what
        only the GM can see to (a question: ``Outcome.for_gm``), is a warning."""
        warned = self.outcome.kind in _WARNED or self.outcome.held_back or self.outcome.for_gm
        if self.outcome.strangers:  # one of a flood: the poll's warning counts them
            warned = False
        return logging.WARNING if warned else logging.INFO


def log_mail(event: MailEvent) -> None:
    """The event's line in the log."""
    level = event.level
    if LOGGER.isEnabledFor(level):  # a poll of many mails logged nowhere makes no text
        log_hiding_addresses(event.text(), game=event.game, mail=event.mail, level=level)


def log_poll(line: str, seen: int, troubles: tuple[str, ...], strangers: int = 0) -> None:
    """The poll's summary line (at ``debug`` when it saw no mail: a service polls often),
    a warning for each game folder it could not open or helper process that died, and one
    counting the ``strangers`` whose mails the hour's mail to strangers left unanswered
    (each of them logged at info: a flood of 500 was 500 warnings)."""
    log_event(f"poll: {line}", level=logging.INFO if seen else logging.DEBUG)
    if strangers:
        log_event(f"poll: {strangers_line(strangers)}", level=logging.WARNING)
    for trouble in troubles:
        log_event(f"poll: {trouble}", level=logging.WARNING)


def strangers_line(count: int) -> str:
    """The GM's one line for a poll's mails from strangers that the hour's mail to strangers
    (``mail.unconfirmed_per_hour``) left unanswered."""
    mails = "1 mail" if count == 1 else f"{count} mails"
    return (
        f"{mails} from strangers not answered: the hour's mail to strangers is spent "
        "(mail.unconfirmed_per_hour; `wtg poll -v` lists them)"
    )
