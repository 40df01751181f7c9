"""A seat's secret code gone back to one it had before: its game folder put back by hand from
a copy made before `wtg new-code` gave the seat a new one, or before a newcomer took the seat
over with his own. The code the player was told since is refused then, and the one replaced
(a code a stranger may have read: why the GM gave a new one) is the seat's again. Nothing
said so: `wtg send` found no turn put back, and mailed nothing.

`wtg send` keeps a digest of each seat's code as game.yaml gives it (the journal's
``seat_codes``, never the code) and says it of a seat whose code is one it saw replaced,
once, with the command that gives the player a new one. A code it never saw is noted
as the seat's latest, whatever gave it."""

from __future__ import annotations

import hashlib
from logging import WARNING

from wtg.game.engine import Game
from wtg.logs.events import log_event
from wtg.mail.spool.journal import Journal
from wtg.text.shellcommand import shell_command


def codes_put_back(journal: Journal, game: Game) -> list[str]:
    """A line for each seat of ``game`` whose code in game.yaml is one ``wtg send`` saw
    replaced, logged as a warning; the code it has now noted as its latest, so that it is
    said once. Committed when anything was noted."""
    name = game.config.game
    lines: list[str] = []
    noted = False
    for entry in game.config.players:
        if not entry.code:
            continue
        code = _digest(name, entry.id, entry.code)
        query = "SELECT code, latest FROM seat_codes WHERE game = ? AND seat = ?"
        seen = {str(row[0]): int(row[1]) for row in journal.db.execute(query, (name, entry.id))}
        if seen.get(code) == 1:
            continue
        if code in seen:
            typed = shell_command("wtg", "new-code", name, "--player", str(entry.id))
            lines.append(
                f"game {name} player {entry.id} ({entry.name}): game.yaml gives the seat a "
                "code it had before, one replaced since (a new code given, or a takeover): its "
                "folder was put back from an older copy; the code the player was told since "
                f"is refused, and the old one taken again: `{typed}` gives him a new one"
            )
            log_event(  # the player's name and code kept out of the log
                f"player {entry.id}'s code is one replaced since: put back from an older copy",
                game=name,
                level=WARNING,
            )
        journal.db.execute(
            "UPDATE seat_codes SET latest = 0 WHERE game = ? AND seat = ?", (name, entry.id)
        )
        journal.db.execute(
            "INSERT OR REPLACE INTO seat_codes (game, seat, code, latest) VALUES (?, ?, ?, 1)",
            (name, entry.id, code),
        )
        noted = True
    if noted:
        journal.commit(f"noting the codes of game {name}'s seats")
    return lines


def _digest(game: str, seat: int, code: str) -> str:
    """What the journal keeps of a seat's code: enough to know it again, not the code."""
    return hashlib.sha256(f"{game}\n{seat}\n{code.strip().upper()}".encode()).hexdigest()[:32]
