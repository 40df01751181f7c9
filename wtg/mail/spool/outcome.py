"""What the poll did with a mail: a kind (an enum) and a detail. Its text, ``kind: detail``,
is what the journal keeps and ``wtg poll -v`` prints; the kind decides the summary's count
and the folder the mail goes to."""

from __future__ import annotations

from enum import Enum

from wtg.core.printable import marked
from wtg.core.record import Record


class Kind(Enum):
    """The kinds of outcome, by the word their text starts with."""

    STORED = "stored"
    """Orders filed."""
    REJECTED = "rejected"
    """Orders that could not be accepted, or mail that must get no answer."""
    QUARANTINED = "quarantined"
    """Its handling failed: kept in the archive for the GM."""
    IGNORED = "ignored"
    """No orders filed: those on file stand, or it was a copy."""
    ANSWERED = "answered"
    """A player's mail without a form, answered with help."""
    UNANSWERED = "not answered"
    """Its answer was held back by a limit of answers (``reply limit: ...``): the
    sender got nothing, and the GM is told (``wtg poll -v``, ``wtg status``, the digest)."""
    LATER = "later"
    """Left in the inbox for the next poll (a game being written)."""
    HELD = "held"
    """A form of a game this host does not know: kept for the GM (``wtg quarantine``),
    who may put it back for the next poll (``--release KEY``)."""

    @property
    def counted_as(self) -> str:
        """The summary's word: filed, rejected, quarantined, ignored, answered (or skipped,
        or unanswered)."""
        return _COUNTED.get(self, "ignored")

    @property
    def to_rejected(self) -> bool:
        """Whether the mail goes to the rejected folder (else to processed)."""
        return self in (Kind.REJECTED, Kind.QUARANTINED, Kind.HELD)


_COUNTED = {
    Kind.STORED: "filed",
    Kind.REJECTED: "rejected",
    Kind.QUARANTINED: "quarantined",
    Kind.ANSWERED: "answered",
    Kind.LATER: "skipped",
    Kind.UNANSWERED: "unanswered",
    Kind.HELD: "held",
}


class Outcome(Record):
    kind: Kind
    detail: str = ""
    game: str | None = None
    """The game the mail was for, when it is known: the log names it (``wtg.mail.poll.events``);
    a held mail's is the game it names, which the journal keeps apart from its text."""
    limited: bool = False
    """A limit of answers held back the answer telling what was done (``unsaid``)."""
    forged: bool = False
    """The mail's From failed DMARC at the GM's server: no answer at all (``unheard``)."""
    for_gm: bool = False
    """The mail holds what only the GM can see to (a question, which the host answers
    none; a request the game's files hold up; a player's orders with his right code set
    aside from a mail that looks automatic, which only his `wtg orders` files): logged as
    a warning (``for_the_gm``), and `wtg poll -q` prints its line (``PollSummary.needs_gm``)."""
    late: str = ""
    """The GM's line for a player's orders whose mail came before their turn ran and was
    read after it (``wtg.mail.incoming.readlate``): `wtg poll` prints it, ``-q`` too; ""
    for any other mail."""
    strangers: bool = False
    """Its answers were held back by the hour's mail to strangers alone (a flood of them
    spent it: ``wtg.mail.incoming.strangers``): logged at info, the poll's one warning
    counting them all (``wtg.mail.poll.events.log_poll``), not a warning a stranger."""

    def text(self) -> str:
        """``kind: detail`` as the journal keeps it and ``wtg poll -v`` prints it."""
        return f"{self.kind.value}: {self.detail}" if self.detail else self.kind.value

    @property
    def held_back(self) -> bool:
        """Whether a limit of answers held back the mail's answer: the mail went unanswered,
        or its orders were filed (or stood) and their confirmation was not sent. Never
        read from the detail's words: it quotes the sender's (a robot's header, a command),
        and ``Auto-Submitted: x; not answered: reply limit`` listed a robot's mail as an
        answer held back."""
        return self.kind is Kind.UNANSWERED or self.limited

    @property
    def unheard(self) -> bool:
        """Whether the mail's From failed its sender's checks, so it got no answer at all
        (``unheard``): never read from the detail's words, which ``not answered: authres``
        in a robot's header made the poll count as a From that failed DMARC."""
        return self.forged

    @classmethod
    def from_text(cls, text: str) -> Outcome:
        """The outcome the journal kept as text (a word it does not know counts as ignored,
        as the summary always counted it)."""
        word, _, detail = text.partition(": ")
        try:
            return cls(Kind(word), detail)
        except ValueError:
            return cls(Kind.IGNORED, text)


def stored(detail: str, game: str | None = None) -> Outcome:
    return Outcome(Kind.STORED, detail, game)


def rejected(detail: str, game: str | None = None) -> Outcome:
    return Outcome(Kind.REJECTED, detail, game)


def ignored(detail: str, game: str | None = None) -> Outcome:
    return Outcome(Kind.IGNORED, detail, game)


def held(detail: str, game: str) -> Outcome:
    return Outcome(Kind.HELD, detail, game)


def answered(detail: str) -> Outcome:
    return Outcome(Kind.ANSWERED, detail)


REPLY_LIMIT = "reply limit"
"""How every outcome of a mail whose answer a limit held back begins: ``not answered: reply
limit``."""


def unanswered(what: str) -> Outcome:
    """A mail whose answer (``what``, with the limit that held it) was held back."""
    return Outcome(Kind.UNANSWERED, f"{REPLY_LIMIT}: {what}")


UNSAID = f"; {Kind.UNANSWERED.value}: {REPLY_LIMIT}"
"""What the detail of filed (or standing) orders ends with when their confirmation was held
back: ``stored: g1 turn 3 player 2; not answered: reply limit (confirmations_per_hour)``."""


def changed(
    outcome: Outcome,
    detail: str,
    *,
    limited: bool | None = None,
    forged: bool | None = None,
    for_gm: bool | None = None,
    late: str | None = None,
    strangers: bool | None = None,
) -> Outcome:
    """``outcome`` with the detail ``detail`` and each flag given set, its kind, its game
    and the flags not given as they were."""
    return Outcome(
        outcome.kind,
        detail,
        outcome.game,
        limited=outcome.limited if limited is None else limited,
        forged=outcome.forged if forged is None else forged,
        for_gm=outcome.for_gm if for_gm is None else for_gm,
        late=outcome.late if late is None else late,
        strangers=outcome.strangers if strangers is None else strangers,
    )


def unsaid(outcome: Outcome, held: str | None) -> Outcome:
    """``outcome``, saying that the answer telling it was held back by the limit ``held``
    (unchanged when ``held`` is None: the answer was queued)."""
    if held is None:
        return outcome
    detail = f"{outcome.detail}{UNSAID} ({held})"
    return changed(outcome, detail, limited=True)


def unheard(outcome: Outcome, why: str) -> Outcome:
    """``outcome`` of a mail that may get no answer at all (``why``: its From failed DMARC,
    ``authres: dmarc=fail for example.org``): ``stored: g1 turn 3 player 2; not answered:
    authres: ...``. Not an answer held back by a limit: nothing waits to be sent."""
    said = f"{outcome.detail}; " if outcome.detail else ""
    detail = f"{said}{Kind.UNANSWERED.value}: {why}"
    return changed(outcome, detail, forged=True)


def unheard_rejected(why: str, what: str) -> Outcome:
    """A mail rejected whose From failed DMARC (``why``), nothing done (``what``, in the
    host's words): ``rejected: not answered: authres: ... (no order form: nothing done)``."""
    return Outcome(Kind.REJECTED, f"{Kind.UNANSWERED.value}: {why}{what}", forged=True)


LATER = Outcome(Kind.LATER)


def for_the_gm(outcome: Outcome, question: str, held_up: bool = False) -> Outcome:
    """``outcome`` of a mail that asked ``question`` (``wtg.lobby.yesno.question``; ""
    for none), its detail ending with it (``; asked "When does it start?"``): the host
    answers none, and the GM is the one who can; ``held_up``: a request of it waits on the
    GM, or what its commands set off is his to see to (a list no game was made of, a seat
    taken over to one domain), its detail saying why. Either is logged as a warning
    (``for_gm``)."""
    if not question and not held_up:
        return outcome
    detail = f'{outcome.detail}; asked "{marked(question)}"' if question else outcome.detail
    return changed(outcome, detail, for_gm=True)
