"""Game commentary (a mail's ``PRESS <game>``): kept with the orders pending for the coming
turn, mailed to every player with the reports of that turn in a mail of its own
(``wtg.game.report.press_text``; a report says how many pieces there are, never what they say).

    GAME_DIR/pending/0005/press/<when>-<n>.json   press for turn 5's reports
    GAME_DIR/turns/0005/received/press/           the same, once turn 5 ran (a rerun reads it)

Each file holds the writer's side, the name the reports show (the side's name in the game,
never an address) and the text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from wtg.core.printable import printable
from wtg.core.record import Record
from wtg.files import private
from wtg.files.store import RECEIVED, GameStore, write_atomic
from wtg.game.gameconfig import PlayerEntry

FOLDER = "press"
WITHHELD = "[withheld]"
PIECES_A_TURN = 3
"""Pieces of press one player may write for one turn."""
CHARS_A_TURN = 4_000
"""Characters of press one player may write for one turn, all his pieces together."""
TURN_CHARS = 40_000
"""Characters of press one turn's press mail carries, all players together (ten players
writing as much as each may): first written, first kept."""


class Press(Record):
    """One piece of press: who wrote it (side and the name shown), when, and the text."""

    side: int
    name: str
    at: str
    text: str

    def to_dict(self) -> dict[str, object]:
        return {"side": self.side, "name": self.name, "at": self.at, "text": self.text}


def add_press(
    store: GameStore, turn: int, press: Press, moment: datetime, source: str | None = None
) -> Path:
    """Keep ``press`` for the reports of ``turn`` (the caller holds the game's lock).
    ``source``: the mail (and its command) it came in, kept with it (``kept_for``)."""
    folder = private.make_dirs(store.pending_dir(turn) / FOLDER)
    number = len(list(folder.glob("*.json"))) + 1
    path = folder / f"{moment:%Y%m%dT%H%M%S}-{number:03d}.json"
    data = press.to_dict() | ({"source": source} if source is not None else {})
    write_atomic(path, json.dumps(data, ensure_ascii=False) + "\n")
    return path


def refusal(kept: Sequence[Press], side: int, text: str, turn: int) -> str | None:
    """Why ``text`` may not join the press ``kept`` for ``turn`` as side ``side``'s (None:
    it may): a player writes at most PIECES_A_TURN pieces and CHARS_A_TURN characters a
    turn, and a turn's press holds at most TURN_CHARS."""
    mine = [piece for piece in kept if piece.side == side]
    after = f"write again once turn {turn} has run"
    if len(mine) >= PIECES_A_TURN:
        return (
            f"you have written {len(mine)} pieces of press for turn {turn}, as many as a "
            f"player may a turn; {after}"
        )
    written = sum(len(piece.text) for piece in mine)
    if written + len(text) > CHARS_A_TURN:
        return (
            f"this press is {len(text):,} characters long and you have written "
            f"{written:,} for turn {turn}: a player may write {CHARS_A_TURN:,} a turn "
            f"({CHARS_A_TURN - written:,} left)"
        )
    everyone = sum(len(piece.text) for piece in kept)
    if everyone + len(text) > TURN_CHARS:
        return (
            f"the press of turn {turn} is full: it carries at most {TURN_CHARS:,} "
            f"characters from all players, {everyone:,} are written ({TURN_CHARS - everyone:,} "
            f"left, and this press is {len(text):,}); {after}"
        )
    return None


def kept_for(store: GameStore, turn: int, source: str) -> int | None:
    """The turn the press of ``source`` (a mail and its command) is kept for: ``turn``, or
    the turn before, when it ran since; None when it is not kept. A mail read again (a poll
    killed before its journal's commit) keeps its press once."""
    for kept in (turn, turn - 1):
        for folder in (store.turn_dir(kept) / RECEIVED / FOLDER, store.pending_dir(kept) / FOLDER):
            for path in sorted(folder.glob("*.json")) if kept >= 0 and folder.is_dir() else ():
                try:
                    data = json.loads(path.read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    continue
                if isinstance(data, dict) and data.get("source") == source:
                    return kept
    return None


def press_for(store: GameStore, turn: int) -> list[Press]:
    """The press for ``turn``'s reports, oldest first: pending, or received once it ran."""
    found: dict[str, Press] = {}
    for folder in (store.turn_dir(turn) / RECEIVED / FOLDER, store.pending_dir(turn) / FOLDER):
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
            item = _read(path)
            if item is not None:
                found.setdefault(path.name, item)
    return [found[name] for name in sorted(found)]


def mailed_folder(store: GameStore, turn: int) -> Path:
    """The folder of the press of ``turn``'s reports once that turn ran (its press mail
    made; ``press_in`` reads it); none is there while it is kept for a turn to come, which
    no player has been sent."""
    return store.turn_dir(turn) / RECEIVED / FOLDER


def unreadable_press(store: GameStore, turn: int) -> list[Path]:
    """The press files for ``turn``'s reports that cannot be read (a GM's edit gone wrong,
    a disk's fault): the reports go without them, and ``wtg status GAME`` names them."""
    folder = store.pending_dir(turn) / FOLDER
    found = sorted(folder.glob("*.json")) if folder.is_dir() else []
    return [path for path in found if _read(path) is None]


def press_in(folder: Path) -> list[Press]:
    """The press kept in ``folder`` (a ``press`` folder, wherever it was moved: a rollback's
    undo sets aside the pending one of the turn that stands), oldest first."""
    found = (_read(path) for path in sorted(folder.glob("*.json")) if folder.is_dir())
    return [item for item in found if item is not None]


def _read(path: Path) -> Press | None:
    """A press file, or None when it cannot be read (a GM's edit gone wrong: skipped)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        text = printable(str(data["text"]))  # press kept before wtg cleaned it, or edited
        return Press(int(data["side"]), str(data["name"]), str(data["at"]), text)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def secrets_of(players: Sequence[PlayerEntry], addresses: bool = True) -> re.Pattern[str] | None:
    """What no player's press may show the others: every secret code of the game's players,
    whole or in pieces (``_spread``: ``AL ICE 7Q2``, ``a-l-i-c-e-7-q-2``), and
    (``addresses``) the address of each who did not agree to share it; None when there is
    nothing to look for."""
    words = [p.code for p in players if p.code]
    if addresses:
        words += [p.email for p in players if p.email and not p.share_address]
    if not words:
        return None
    codes = {p.code for p in players if p.code}
    ordered = sorted(words, key=len, reverse=True)
    return re.compile("|".join(_spread(w) if w in codes else _joined(w) for w in ordered), re.I)


_SPREAD = r"[\W_]{0,8}"
"""What may stand between two characters of a code in press and still give it away: blanks,
a line's break, dashes, dots (``AL ICE 7Q2``, ``A-L-I-C-E-7-Q-2``, the code split across
lines): anything but a letter or a digit, up to a few. A code's characters with words between
them are prose."""


def _spread(code: str) -> str:
    """A pattern of ``code`` written whole or in pieces (``_SPREAD`` between any two of its
    characters), each in any case, plain or full-width (``ＡＬＩＣＥ``, which a reader types
    back as ALICE). A code that is not ASCII letters and digits (none a game makes or takes
    today) is looked for as written."""
    if not (code.isascii() and code.isalnum()):
        return _joined(code)
    forms = (
        "".join(sorted({c, c.lower(), c.upper(), _wide(c.lower()), _wide(c.upper())})) for c in code
    )
    return _SPREAD.join(f"[{form}]" for form in forms)


def _wide(char: str) -> str:
    """The full-width form of an ASCII letter or digit (``A`` as ``Ａ``)."""
    return chr(ord(char) + 0xFEE0)


_JOINERS = "[\u200c\u200d]*"
"""The joiners a press keeps between two letters that are not ASCII
(``wtg.core.formatchars.with_shown_joiners``), which show nothing there but a letter's form:
``\u043f\u0451\u200d\u0442\u0440@...`` reads as the address without it."""


def _joined(secret: str) -> str:
    """A pattern of ``secret`` that a joiner between two of its characters does not hide."""
    if secret.isascii():  # no joiner stays between two ASCII characters
        return re.escape(secret)
    return _JOINERS.join(re.escape(char) for char in secret)


def withheld(press: Sequence[Press], players: Sequence[PlayerEntry]) -> list[Press]:
    """``press`` with the codes of the game's ``players`` (whole or in pieces) and their
    unshared addresses withheld, as the press mail and the site show it: the press a wtg
    kept before it withheld a code typed in pieces (or one the GM gave since) reaches no
    player."""
    secrets = secrets_of(players) if press else None
    return [piece.replaced(text=blacked_out(piece.text, secrets)) for piece in press]


def blacked_out(text: str, secrets: re.Pattern[str] | None) -> str:
    """``text`` with each of ``secrets`` shown as ``[withheld]``: a player who pasted his
    code (or an address) into his press, whole or in pieces, has not published it."""
    return secrets.sub(WITHHELD, text) if secrets is not None else text
