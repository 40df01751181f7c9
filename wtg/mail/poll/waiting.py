"""The mails a poll leaves waiting in the inbox for the GM's mend, bounded.

A mail for a game whose folder the GM has to mend (its game.yaml, its owner, its format:
``wtg.mail.spool.hostgames``) waits in the inbox, and the first poll after the mend files it. A
stranger (or a looping auto-responder) who mails `STATUS g1` or forms of it a thousand
times while it is broken had every poll read each again, every poll the longer, until the
mend. Of the mails a poll leaves waiting for one game, an address's first
``WAITING_PER_ADDRESS`` and the game's first ``WAITING_PER_GAME`` (every address's
together) wait; any other is held for the GM (``wtg quarantine``, the list of mails held
bounded as ever), for ``wtg quarantine --release KEY`` once the game is mended. A poll
handles a batch's mails the newest first, so a player's newest orders are among those
that wait. The copies of those held are bounded as a seat's address's are (its first and
newest of the day: ``wtg.mail.spool.floodcopies``), even while the game cannot be read. Each of a
poll's processes counts its own mails (``--jobs``); one address's mails go to one process
(``wtg.mail.poll.sharing``)."""

from __future__ import annotations

from collections import Counter

from wtg.mail.spool.outcome import Kind, Outcome, held

WAITS = " (the mail waits in the inbox"
"""How a waiting mail's outcome ends, which a mail held instead does not say."""
WAITING_PER_ADDRESS = 20
WAITING_PER_GAME = 100


class Waiting:
    """The mails this poll left waiting, by game and by game and address."""

    def __init__(self) -> None:
        self.games: Counter[str] = Counter()
        self.addresses: Counter[tuple[str, str]] = Counter()

    def bounded(self, outcome: Outcome, sender: str) -> Outcome:
        """``outcome`` when it does not leave the mail waiting for a game to mend, or the
        mail is within the bounds; else the mail held for the GM, saying why."""
        game = outcome.game
        if outcome.kind is not Kind.LATER or not outcome.detail or game is None:
            return outcome  # a game another process writes: the next poll, not the GM's
        address = sender.lower()
        if self.games[game] >= WAITING_PER_GAME:
            beyond = f"{WAITING_PER_GAME} mails of the game"
        elif self.addresses[game, address] >= WAITING_PER_ADDRESS:
            beyond = f"{WAITING_PER_ADDRESS} mails of the game from this address"
        else:
            self.games[game] += 1
            self.addresses[game, address] += 1
            return outcome
        reason = outcome.detail.split(WAITS)[0].rstrip()
        return held(
            f"{reason}; held, for {beyond} already wait in the inbox "
            "(`wtg quarantine --release KEY` once it is mended)",
            game,
        )
