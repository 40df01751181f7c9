"""A mail in the queue telling a seat a code it no longer has: `wtg new-code GAME --player N`
given twice before `wtg send` (the line typed again at 2 a.m., or given in two terminals)
queued two mails to the player, sent together, each saying "your new secret code", and
only the second one's code is the seat's: a form with the first one's is refused, a turn's
orders lost for a player who read the mails in order. So is a mail queued before a
takeover gave the seat the newcomer's code, or before the folder was put back from a copy.

`wtg send` sets each such mail aside for good before it delivers, as it sets aside a
reminder its turn overtook (``sender.set_aside_undone``): the mail's id names the digest of
the code it tells (``notices._code_ident``), compared with the seat's code in game.yaml.

The same holds for the latest turn's report of the seat, queued before `wtg new-code` and
not yet delivered (the mail server down, a send cut short): `wtg new-code` writes the
report and its form again with the new code, but the mail was made already, and went out
after the code's mail with the old code in its form, which the player filled in and had
refused. `wtg send` sets it aside too (``reports_replaced``) and queues the report again as
it is now (``reportagain.mail_report_again``: his code in its form)."""

from __future__ import annotations

import email
import email.policy
import re
from collections.abc import Sequence
from email.message import EmailMessage
from pathlib import Path

from wtg.aof.mailtext import header_codes
from wtg.core.record import Record
from wtg.game.engine import Game
from wtg.game.takeovers import code_digest
from wtg.text.addresses import bare_address, domain_forms

CODE_MAIL = re.compile(r"code-([0-9a-f]{12})-(.+)-p(\d{2,})(?:-n\d+)?")
"""The id of a mail telling a seat its new code: the code's digest, the game, the seat, and
the mark of a game name taken again."""


def codes_replaced(queue: Path, games: Sequence[Game]) -> list[tuple[str, str]]:
    """Each mail in the outbox's ``queue`` that tells a seat of ``games`` a code game.yaml no
    longer gives it, as its name and why, in words. Read only."""
    by_name = {game.config.game: game for game in games}
    found: list[tuple[str, str]] = []
    try:
        names = sorted(path.stem for path in queue.glob("code-*.eml"))
    except OSError:  # no queue yet
        return []
    for name in names:
        told = CODE_MAIL.fullmatch(name)
        game = by_name.get(told[2]) if told is not None else None
        if told is None or game is None:
            continue
        seat = int(told[3])
        if not tells_another_code(name, game, seat):
            continue
        found.append(
            (
                name,
                f"game {told[2]}'s player {seat} has another code since this mail was queued "
                "(a later `wtg new-code`, or a takeover): the code it tells is refused, and it "
                "is not sent (the mail of the code he has goes)",
            )
        )
    return found


def tells_another_code(name: str, game: Game, seat: int) -> bool:
    """Whether the mail ``name`` tells ``game``'s player ``seat`` a code (``CODE_MAIL``)
    other than the one game.yaml gives him now: `wtg send` sets it aside, and `wtg outbox
    --retry` does not put it back (the next send would set it aside again)."""
    told = CODE_MAIL.fullmatch(name)
    entry = next((e for e in game.config.players if e.id == seat), None)
    if told is None or entry is None or not entry.code:
        return False
    return code_digest(entry.code)[:12] != told[1]


REPORT_MAIL = re.compile(
    r"(?:report|resend-[0-9a-f]{12})-(.+)-t(\d{4,})-p(\d{2,})(?:-g\d+)?(?:-r\d+)?(?:-n\d+)?"
)
"""The id of a turn's report as `wtg send` queues it (``undotold.report_name``), or as it
is queued again (``reportagain.ident``, ``resend-`` and a digest first): by `wtg send`
after a `wtg new-code`, and a second `wtg new-code` before it went leaves its form's code
refused as the first one left the report's."""


class ReportReplaced(Record):
    """A report in the queue whose form carries a code its seat no longer has."""

    name: str
    game: Game
    seat: int
    turn: int
    why: str


def reports_replaced(queue: Path, games: Sequence[Game]) -> list[ReportReplaced]:
    """Each report of a game's latest turn in the outbox's ``queue`` to the seat's address in
    game.yaml whose forms carry codes and none of them the seat's code there (a code
    starred out is none; one to another address is a player's before a takeover, sent to
    him as ever). Read only."""
    by_name = {game.config.game: game for game in games}
    try:
        paths = sorted([*queue.glob("report-*.eml"), *queue.glob("resend-*.eml")])
    except OSError:  # no queue yet
        return []
    found: list[ReportReplaced] = []
    for path in paths:
        told = REPORT_MAIL.fullmatch(path.stem)
        game = by_name.get(told[1]) if told is not None else None
        if told is None or game is None or not carries_another_code(path, game):
            continue
        why = (
            f"game {told[1]}'s player {int(told[3])} has another code since this report was "
            "queued (`wtg new-code`): its form's code is refused, and it is not sent; the "
            "report is queued again with his code"
        )
        found.append(ReportReplaced(path.stem, game, int(told[3]), int(told[2]), why))
    return found


def carries_another_code(path: Path, game: Game) -> bool:
    """Whether the mail at ``path`` is a report of ``game``'s latest turn (``REPORT_MAIL``)
    to its seat's address in game.yaml whose forms carry codes and none of them the
    seat's code there (a code starred out is none; one to another address is a player's
    before a takeover, sent to him as ever): `wtg send` sets it aside and queues the report
    again, and `wtg outbox --retry` does not put it back."""
    told = REPORT_MAIL.fullmatch(path.stem)
    if told is None or told[1] != game.config.game or int(told[2]) != game.latest_turn():
        return False
    entry = next((e for e in game.config.players if e.id == int(told[3])), None)
    if entry is None or not entry.code:
        return False
    to, text = _read(path)
    if not domain_forms(bare_address(entry.email)) & domain_forms(to):
        return False  # another player's (a takeover since): his, as it is
    codes = {code.upper() for code in header_codes(text) if "*" not in code}
    return bool(codes) and entry.code.strip().upper() not in codes


def _read(path: Path) -> tuple[str, str]:
    """The bare address the queued mail at ``path`` goes to and its text ("" and "" when it
    is gone: sent meanwhile)."""
    try:
        data = path.read_bytes()
    except OSError:
        return "", ""
    msg = email.message_from_bytes(data, policy=email.policy.default)
    part = msg.get_body(preferencelist=("plain",)) if isinstance(msg, EmailMessage) else None
    text = str(part.get_content()) if isinstance(part, EmailMessage) else ""
    return bare_address(str(msg["To"] or "")), text


__all__ = [
    "CODE_MAIL",
    "REPORT_MAIL",
    "ReportReplaced",
    "carries_another_code",
    "codes_replaced",
    "reports_replaced",
    "tells_another_code",
]
