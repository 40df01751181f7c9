"""A player's orders in a mail that looks automatic (``wtg.mail.incoming.noreply``: Auto-Submitted,
Precedence: bulk, a list's headers, ...). Such a mail is never filed nor answered: an
auto-responder that quotes a report would file the blank form over the player's orders, and
an answer to one may never end. But a player whose mail program, forwarder or script marks
his mail so would lose his orders without a word: the poll keeps a record of each such mail
(the journal's ``set_aside``) for ``wtg status`` and the digest, and tells the seat's
registered address, at most once a day for each game (a mail with his orders for two games
is told of both), in a notice that quotes nothing of the mail."""

from __future__ import annotations

from wtg.core.printable import printable
from wtg.game.intake import Outcome, Submission, Unchanged
from wtg.mail.outgoing.compose import address_key

SET_ASIDE = "SET ASIDE"
"""The words of a set-aside mail's outcome (``wtg poll -v``) before the seats it names."""
NOTICE_WINDOW = 24 * 3600.0
"""At most one notice of mail set aside to an address in this many seconds."""
NOTICE_TALLY = "set-aside:"
"""The prefix of the key the notices to an address are counted under, apart from its other
answers (``notice_tally``)."""
WHY_SHOWN = 200
"""Characters of the header quoted in the notice and the GM's record."""


def gives_orders(result: Outcome) -> bool:
    """Whether a form read through the door with the right code gives anything: an order
    line (accepted or not: a form none of whose lines could be accepted is the player's
    orders as much, and he expects to hear that they were not stored), READY, a setting. A
    blank form (a report an auto-responder quoted whole) gives nothing: such a mail is a
    plain auto-reply; nor does a form refused whole (``OrderError``: a wrong code, the turn
    it names has run), which no reading of the GM's could file."""
    if isinstance(result, Submission):
        return bool(result.verdicts or result.ready_only or result.settings)
    if isinstance(result, Unchanged):
        return bool(result.verdicts or result.settings)
    return False


def why_shown(why: str) -> str:
    """The header that made the mail look automatic, as the notice and the GM see it."""
    return printable(why)[:WHY_SHOWN]


def notice_tally(game: str, address: str) -> str:
    """The key the notices of one game's orders set aside to an address are counted under:
    each game's apart, so that a mail with his orders for two games (or a second mail for
    another game the same day) tells him of each. Only a mail with his right code makes a
    notice: no forged From can hold one back."""
    return f"{NOTICE_TALLY}{game}:{address_key(address)}"


def seat_named(player: int, name: str) -> str:
    """A seat as the GM's lists name it: ``2 Bob``."""
    return f"{player} {name}"
