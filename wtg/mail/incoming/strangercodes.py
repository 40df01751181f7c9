"""The codes to CONFIRM mailed to an address a day: a stranger's, a player's.

Anyone may ask for a code in anyone's name (``JOIN wok4 AS Name7`` under a forged From), and
a code is no answer the day's cap of answers holds back (``mail.replies_per_day``): a
forger who spent it would lock the address's owner out of every JOIN for a day. The hour's
limit (``mail.unconfirmed_per_address``, 3) alone let a forger have the host mail a
stranger 72 codes a day. A stranger's address now gets ``CODES_A_DAY`` codes in 24 hours;
past them, one mail every ``LATE_EVERY`` still goes, the answer of the request it answers
and, below it, every request that waits at the address with its code (the newest
``LATE_LISTED``): the requests held back past the day's codes still wait, not forgotten
(as many an hour as the hour's limit mails codes, counted by ``Strangers.keep`` in
``wtg.mail.incoming.strangers``; the others are).
However long a forger's flood, the owner's own JOIN, when it is one of those kept, is
mailed its code within ``LATE_EVERY`` of the flood's next request (or of his next mail,
once the flood stops); one that comes after the hour's kept ones is forgotten, as the
forger's are, and has to be asked again (review41). The address gets ``CODES_A_DAY + 24h /
LATE_EVERY`` codes a day at most.

So it is for a player's address, or one that confirmed a request (attack41): a From proves
no one, and requests forged in a player's name under ever new names mailed him
``mail.confirmations_per_hour`` codes an hour, 480 a day. Such an address gets
``mail.replies_per_day`` codes in 24 hours (his own requests are a few a day), then one
every ``LATE_EVERY`` listing every request waiting at it, the same way."""

from __future__ import annotations

from collections.abc import Collection

from wtg.lobby import confirm
from wtg.lobby.database import LobbyDatabase
from wtg.mail.incoming.answers import DAY
from wtg.mail.outgoing import compose
from wtg.mail.spool.journal import Journal
from wtg.text.addresses import mailbox_of

CODES_A_DAY = 6
"""Codes to CONFIRM mailed to one stranger's address in 24 hours before ``LATE_EVERY``
bounds them: a newcomer asks for one or two. The default of ``mail.stranger_codes_per_day``."""
LATE_EVERY = 4 * 3600.0
"""Seconds between two codes mailed to a stranger's address past ``CODES_A_DAY``. The
default of ``mail.stranger_late_hours`` (in hours there)."""
LATE_LISTED = 10
"""The requests waiting at the address a late code's mail lists (the newest)."""
DAY_TALLY = "codes-day:"
"""The key the codes mailed to a stranger's address are counted under for ``CODES_A_DAY``."""
LATE_TALLY = "codes-late:"
"""The key the codes mailed past ``CODES_A_DAY`` are counted under for ``LATE_EVERY``."""
CODES_DAY = "stranger_codes_per_day"
"""What held back a code past ``CODES_A_DAY`` and within ``LATE_EVERY`` of the last one, as
the outcome names a limit: by its config key, as the others are (it said "codes to a
stranger a day", which named no key the GM could set). Its request still waits
(``confirm.forget`` is not asked)."""


KNOWN_DAY = "replies_per_day"
"""What held back a code to an address that is no stranger's (a player's, one that confirmed
a request) past its day of codes, by the config key that bounds them: a From proves no one,
and anyone may ask for codes in a player's name under ever new names, which mailed him
``mail.confirmations_per_hour`` of them an hour, all day (attack41)."""


class StrangerCodes:
    """The day's count of codes to an address, as a poll's journal holds it: ``per_day``
    codes to a mailbox in 24 hours, then one every ``late_every`` seconds (a stranger's:
    ``mail.stranger_codes_per_day``, ``mail.stranger_late_hours``; a player's or one that
    confirmed a request: ``mail.replies_per_day``, the same hours, ``limit`` naming the
    key); ``dashed``: the domains whose ``-tag`` is a sub-address (``mailbox_of``)."""

    def __init__(
        self,
        journal: Journal,
        now: float,
        per_day: int = CODES_A_DAY,
        late_every: float = LATE_EVERY,
        dashed: Collection[str] = (),
        limit: str = CODES_DAY,
    ) -> None:
        self.journal = journal
        self.limit = limit
        """The config key of ``per_day``, as an outcome names the limit that held a code."""
        self.now = now
        self.per_day = per_day
        self.late_every = late_every
        self.dashed = dashed

    def spent(self, address: str) -> bool:
        """Whether ``address`` was mailed ``per_day`` codes in the last 24 hours."""
        key = f"{DAY_TALLY}{_key(address, self.dashed)}"
        return self.journal.replies_counted(key, self.now - DAY) >= self.per_day

    def late_open(self, address: str) -> bool:
        """Whether a code past the day's may go to ``address``: none did in
        ``late_every``."""
        if self.late_every <= 0:  # no bound past the day's
            return True
        key = f"{LATE_TALLY}{_key(address, self.dashed)}"
        return not self.journal.replied_since(key, self.now - self.late_every)

    def mailed(self, address: str, late: bool) -> None:
        """A code went to ``address`` (``late``: past the day's codes)."""
        key = _key(address, self.dashed)
        self.journal.replied(f"{DAY_TALLY}{key}", self.now)
        if late:
            self.journal.replied(f"{LATE_TALLY}{key}", self.now)


def _key(address: str, dashed: Collection[str] = ()) -> str:
    """The mailbox ``address`` delivers to (``mailbox_of``): its day's codes are counted
    under it, whatever sub-address or dots a forger wrote."""
    return mailbox_of(compose.address_key(address), dashed)


def waiting_note(book: LobbyDatabase, address: str, code: str, dashed: Collection[str] = ()) -> str:
    """What a late code's mail says below its answer: the other requests waiting at
    ``address``'s mailbox (``mailbox_of``: its sub-addresses too), the newest ``LATE_LISTED``,
    each with its code ("" when none waits)."""
    # a request at vic@ is listed in the late mail to vic+7@: a forger's flood under
    # sub-addresses never keeps the owner's own code from him
    others = [p for p in waiting_at_mailbox(book, address, dashed) if p.code != code]
    if not others:
        return ""
    shown = others[-LATE_LISTED:]
    return compose.render(
        "lobby/codes_waiting",
        waiting=[listed(p) for p in reversed(shown)],
        more=len(others) - len(shown),
    )


def waiting_at_mailbox(
    book: LobbyDatabase, address: str, dashed: Collection[str] = ()
) -> list[confirm.Pending]:
    """The requests waiting at ``address``'s mailbox (``mailbox_of``: its sub-addresses
    too), oldest first."""
    mailbox = _key(address, dashed)
    domain = mailbox.rpartition("@")[2]
    return [
        p for p in confirm.waiting_at_domain(book, domain) if _key(p.address, dashed) == mailbox
    ]


def listed(request: confirm.Pending) -> dict[str, str]:
    """A request waiting as a late code's mail lists it (``codes_waiting``): as its mail
    wrote it, with the name it asked for (``JOIN wok4-1 AS Vic``: the owner tells his own
    from a forger's by it), until when it counts, and its code."""
    said = confirm.asked(request)
    asked = f"{said} AS {request.name}" if request.name else said
    return {"asked": asked, "until": confirm.lapses(request), "code": request.code}
