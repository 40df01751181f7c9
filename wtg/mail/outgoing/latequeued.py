"""The mails queued while `wtg send` delivers, looked at as they go.

A GM's command that queues a mail to a seat takes no send lock (`wtg new-code`, a hold's
notice): given while a send runs, after the send set aside the mail of each seat whose
address in game.yaml is one put back from an older copy (``sender.set_aside_put_back``)
and before it delivered the queue, its mail to such a seat was mailed there, a new code
to a stranger's address (attack43). The send notes the queue's names before it sets
mails aside; a mail it finds at delivery that was not among them is looked at then, and
set aside the same way when it is to a seat at an address put back."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from wtg.game.engine import Game
from wtg.mail.outgoing.failedmail import queued_to_seat
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.seataddresses import put_back_reason, refused
from wtg.mail.spool.journal import Journal
from wtg.text.addresses import domain_forms


class LateQueued:
    """What a send knows of the queue before it sets mails aside: the names in it, and
    each game's seats whose address is put back (``seataddresses.refused``)."""

    def __init__(self, outbox: Outbox, journal: Journal, games: Sequence[Game]) -> None:
        self.looked = frozenset(name for name, _ in outbox.waiting())
        self.games = games
        self.refusals = {game.config.game: refused(journal, game) for game in games}
        """Each game's seats whose address in game.yaml is put back, with that address."""

    def put_back(self, ident: str, path: Path) -> str | None:
        """Why the mail ``ident`` of the queue is set aside for good, when it was queued
        after the send looked (not in ``looked``) and is to a seat at an address put back;
        None for any other mail."""
        if ident in self.looked:
            return None
        mail = queued_to_seat(path, self.games)
        if mail is None or not mail.to:
            return None
        game = mail.game.config.game
        address = self.refusals.get(game, {}).get(mail.seat)
        if address is None or address not in domain_forms(mail.to):
            return None
        return put_back_reason(game, mail.seat, address)
