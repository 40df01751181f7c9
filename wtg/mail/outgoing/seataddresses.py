"""A seat's address gone back to one it had before: its game folder put back by hand from a
copy made before the GM corrected the address in game.yaml (a typo: the address of a
stranger, or of nobody). `wtg send` mailed the put-back turn's report again to it, with the
seat's code in its form, and every mail after it.

`wtg send` keeps a digest of each seat's address as game.yaml gives it (the journal's
``seat_addresses``, never the address). An address it never saw is noted as the seat's
latest, whatever gave it (the GM's correction, a takeover). One it saw replaced, given by
game.yaml again, is put back: said once, and each mail queued to the seat at that address
is set aside for good (``sender.set_aside_put_back``) until game.yaml gives the seat
another; then `wtg outbox --retry` sends it to the address there, and the player has his
report. A mail queued to a seat at an address game.yaml has replaced since (the GM corrected a
typo while it waited in the queue) is set aside too, unless the seat was taken over since
(it is the predecessor's), and `wtg outbox --retry` sends it to the address there.
A retry of such a mail by its name (`wtg outbox --retry NAME`) with game.yaml unchanged
is the GM's word that the old address is the player's again (he asked for it back): it is
noted as the seat's latest (``taken_again``), and the mail goes to it. `wtg outbox
--retry-all` is no such word (given after a server's outage, it would mail the seat's code
to the stranger): it leaves the mail set aside, saying so (``still_put_back``).

A takeover by mail gives the seat the newcomer's address, one the seat may have had before
(the address the GM first typed for its player, corrected since): when the seat's newest
takeover was from the player at the address the send saw last (the record's ``quitter``),
the seat changed hands, and the newcomer's address is its latest (``_taken_over``); so
it is when the seat changed hands twice or more between two sends, the newest takeovers
from addresses the send never saw."""

from __future__ import annotations

import hashlib
import shlex
from logging import WARNING
from pathlib import Path
from typing import NamedTuple

from wtg.files.store import StoreError
from wtg.game.engine import Game
from wtg.game.takeovers import QUITTER, taken_over
from wtg.logs.events import log_event
from wtg.mail.spool.journal import JOURNAL_FILE, Journal
from wtg.text.addresses import bare_address, domain_forms
from wtg.text.shellcommand import shell_command

LATEST, REPLACED, PUT_BACK = 1, 0, -1
"""What ``seat_addresses.latest`` says of an address: game.yaml's at the last send, one
replaced since, one replaced that game.yaml gives again (said)."""


class PutBack(NamedTuple):
    """A seat whose address in game.yaml is one `wtg send` saw replaced, found so."""

    game: str
    seat: int
    player: str
    address: str

    def line(self, set_aside: bool) -> str:
        """What the GM is told of it, once: ``set_aside`` when this send set a mail to the
        seat aside. A GM who gave the seat an address back by hand (A, then B, then A
        again) is told so too: nothing of the folder tells that from a copy put back (its
        turn may be the same, a tar keeps its files' times), and a stranger at A would be
        mailed the seat's code; the one question, answered by a retry that names the mail,
        is the lesser cost (attack43). With nothing set aside (no mail was queued to the
        seat), the line said that its mail was, and to retry it by its name (restore45)."""
        head = (
            f"game {self.game} player {self.seat} ({self.player}): game.yaml gives the seat "
            f"the address {self.address}, one replaced since: its folder was put back from an "
            "older copy, or it was given back by hand; "
        )
        corrected = (
            f"until `email:` is corrected in {shlex.quote(self.game)}/game.yaml: then `wtg "
            "outbox --retry-all` mails it to him; given back by hand, "
        )
        if set_aside:
            return (
                f"{head}its mail is set aside, not sent there, {corrected}`wtg outbox --retry "
                "NAME` sends each mail set aside to it, and his mail from then on"
            )
        return (
            f"{head}no mail to him is set aside yet (none was queued): each from now on is set "
            f"aside, not sent there, {corrected}`wtg outbox --retry NAME` of the first one set "
            "aside (the send that sets it aside names it) sends it to that address, and his mail "
            "from then on"
        )


def addresses_put_back(journal: Journal, game: Game) -> list[PutBack]:
    """Each seat of ``game`` whose address in game.yaml is one `wtg send` saw replaced, the
    first time it finds it so, logged as a warning (its line said once the send knows
    whether it set a mail aside: ``PutBack.line``); an address never seen noted as the
    seat's latest. Committed when anything was noted."""
    name = game.config.game
    lines: list[PutBack] = []
    noted = False
    for entry in game.config.players:
        address = bare_address(entry.email)
        if not address:
            continue
        digest = _digest(name, entry.id, address)
        seen = _seen(journal, name, entry.id)
        state = seen.get(digest)
        if state == LATEST and PUT_BACK not in seen.values():
            continue
        if state == LATEST:  # corrected again: a later put-back of it is said again
            _set(journal, "latest = 0 WHERE latest = -1", name, entry.id)
        elif state == REPLACED and _taken_over(game, entry.id, seen):
            _note_latest(journal, name, entry.id, digest)
        elif state == REPLACED:
            _logged(name, entry.id)
            lines.append(PutBack(name, entry.id, entry.name, address))
            _set(journal, "latest = -1 WHERE address = ?", name, entry.id, digest)
        elif state is None:
            _note_latest(journal, name, entry.id, digest)
        else:
            continue  # put back, said already: its mail is set aside all the same
        noted = True
    if noted:
        journal.commit(f"noting the addresses of game {name}'s seats")
    return lines


def refused(journal: Journal, game: Game) -> dict[int, str]:
    """The seats of ``game`` whose address in game.yaml is one put back (seen replaced),
    with that address, bare: their mail to it is set aside."""
    name = game.config.game
    found: dict[int, str] = {}
    for entry in game.config.players:
        address = bare_address(entry.email)
        if not address:
            continue
        state = _seen(journal, name, entry.id).get(_digest(name, entry.id, address))
        if state is not None and state != LATEST:
            found[entry.id] = address
    return found


def replaced_since(journal: Journal, game: Game, seat: int, address: str) -> bool:
    """Whether ``address`` is one the seat had that game.yaml has replaced since `wtg send`
    saw it (not its latest): a mail queued to it before the GM corrected it goes nowhere
    it should. Its domain in IDNA or in Unicode alike (``domain_forms``): game.yaml wrote
    it one way, the mail's To perhaps the other."""
    name = game.config.game
    seen = _seen(journal, name, seat)
    states = [seen.get(_digest(name, seat, form)) for form in domain_forms(address)]
    return LATEST not in states and any(state is not None for state in states)


def taken_again(spool: Path, game: Game, seat: int, address: str) -> None:
    """The GM retried a mail of the seat set aside (`wtg outbox --retry NAME`) to
    ``address``, which game.yaml gives it: when that address is one put back, it is the
    seat's latest from now on, and its mail goes to it. Committed; nothing done without a
    journal."""
    if not (spool / JOURNAL_FILE).is_file():
        return
    journal = Journal(spool)
    try:
        if seat in refused(journal, game):
            name = game.config.game
            _note_latest(journal, name, seat, _digest(name, seat, bare_address(address)))
            journal.commit(f"noting game {name} player {seat}'s address as his again")
    finally:
        journal.close()


def still_put_back(spool: Path, game: Game, seat: int) -> bool:
    """Whether the seat's address in game.yaml is one put back (``refused``): its mail is
    taken to it again only by a retry that names it, never by `wtg outbox --retry-all`.
    Read only; False without a journal."""
    if not (spool / JOURNAL_FILE).is_file():
        return False
    journal = Journal(spool)
    try:
        return seat in refused(journal, game)
    finally:
        journal.close()


def put_back_reason(game: str, seat: int, address: str) -> str:
    """Why a mail to a seat at an address put back is set aside, and what the GM does."""
    return (
        f"game {game} player {seat}'s address in game.yaml, {address}, is one replaced since "
        "(its folder was put back from an older copy): correct `email:` there to his "
        "address now, then `wtg outbox --retry-all` mails it there; retried by its name "
        "(`wtg outbox --retry NAME`) with game.yaml unchanged, it goes to this address, "
        "taken as his again"
    )


def queued_before_reason(game: str, seat: int, address: str, name: str) -> str:
    """Why a mail queued to a seat at an address game.yaml has replaced since is set
    aside, and what the GM does."""
    return (
        f"game {game} player {seat}'s mail was queued to {address}, an address game.yaml has "
        "replaced since (corrected while the mail waited): it is not sent there; "
        f"`{shell_command('wtg', 'outbox', '--retry', name)}` sends it to his address in game.yaml "
        "now"
    )


def _logged(game: str, seat: int) -> None:
    """The log's line of a seat whose address is found put back, without the address."""
    log_event(
        f"player {seat}'s address is one replaced since: put back from an older copy",
        game=game,
        level=WARNING,
    )


def _taken_over(game: Game, seat: int, seen: dict[str, int]) -> bool:
    """Whether the takeovers of ``seat`` recorded in ``game``'s turns lead from the player
    at the address `wtg send` saw last (``seen``'s latest) to the seat's player now: the
    seat's address is the newcomer's since, whatever it was before. Walked from the
    newest back, past each quitter at an address the send never saw (a newcomer who quit
    before a send saw him: two takeovers between sends, attack43), to the first it saw.
    A copy put back from before a correction has no such record: its newest takeover of
    the seat, if any, was from an address replaced since. False for a record that cannot
    be read."""
    name = game.config.game
    for turn in range(game.latest_turn(), -1, -1):
        try:
            mine = [found for found in taken_over(game.store, turn) if found["seat"] == seat]
        except StoreError:
            return False
        for record in reversed(mine):
            quitter = record.get(QUITTER)
            if not isinstance(quitter, str):
                return False
            state = seen.get(_digest(name, seat, bare_address(quitter)))
            if state is not None:
                return state == LATEST
    return False


def _seen(journal: Journal, game: str, seat: int) -> dict[str, int]:
    query = "SELECT address, latest FROM seat_addresses WHERE game = ? AND seat = ?"
    return {str(row[0]): int(row[1]) for row in journal.db.execute(query, (game, seat))}


def _set(journal: Journal, change: str, game: str, seat: int, *more: str) -> None:
    """``change`` (``latest = ... WHERE ...``) made to the seat's rows."""
    where = change.replace(" WHERE ", " WHERE game = ? AND seat = ? AND ", 1)
    journal.db.execute(f"UPDATE seat_addresses SET {where}", (game, seat, *more))


def _note_latest(journal: Journal, game: str, seat: int, digest: str) -> None:
    journal.db.execute(
        "UPDATE seat_addresses SET latest = 0 WHERE game = ? AND seat = ?", (game, seat)
    )
    journal.db.execute(
        "INSERT OR REPLACE INTO seat_addresses (game, seat, address, latest) VALUES (?, ?, ?, 1)",
        (game, seat, digest),
    )


def _digest(game: str, seat: int, address: str) -> str:
    """What the journal keeps of a seat's address: enough to know it again, not the address."""
    return hashlib.sha256(f"{game}\n{seat}\n{address}".encode()).hexdigest()[:32]
