"""A game's press and commentary, as the host keeps it: ``GAME_DIR/press/``, one piece a
text file (UTF-8), shown in the order of the file names; a name that starts with a turn
number (``0004-from-the-north.txt``) shows the turn.

Press is written by players (or the GM) and published as it is written, every character
escaped by the templates. Before that, any secret code of the game's players and any
address of a player who did not agree to share it (``share_address``) is blacked out: a
player who pasted his code into a piece of press has not published it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from wtg.core.record import Record
from wtg.game.gameconfig import GameConfig
from wtg.game.press import Press, blacked_out, secrets_of

PRESS_DIR = "press"
LONGEST = 20_000
"""Characters of a piece shown (the rest is cut, and the page says so)."""
PRESS_TURNS = 3
"""The latest turns whose players' press the game's page shows; every turn's page shows its
own. A turn's press is bounded (``wtg.game.press.TURN_CHARS``), a game's is not:
a long game's page, which showed every turn's, grew by as much every turn."""
_TURN = re.compile(r"^(\d{1,6})(?:\D|$)")


class PressPiece(Record):
    title: str
    text: str


def press_pieces(
    game_dir: Path, config: GameConfig, mailed: Sequence[tuple[int, Press]] = ()
) -> tuple[PressPiece, ...]:
    """The game's press, read and cleaned: the host's pieces (none when the folder is not
    there or cannot be read; a piece that cannot be read is passed over), then the players'
    public ``PRESS`` mails (``mailed``: each with the turn whose reports printed it; the game's
    page gives those of the latest ``PRESS_TURNS`` turns, each turn's page its own)."""
    folder = game_dir / PRESS_DIR
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix == ".txt" and p.is_file())
    except OSError:
        files = []
    secrets = _secrets(config)
    pieces = []
    for path in files:
        try:
            raw = path.read_bytes()[: LONGEST * 4]
        except OSError:
            continue
        text = raw.decode("utf-8", errors="replace")
        if len(text) > LONGEST:
            text = text[:LONGEST] + "\n[... cut: the rest is longer than the page shows]"
        match = _TURN.match(path.name)
        title = f"Turn {int(match.group(1))}" if match else path.stem.replace("-", " ")
        pieces.append(PressPiece(title=title, text=blacked_out(text, secrets)))
    return (*pieces, *mailed_pieces(config, mailed))


def mailed_pieces(
    config: GameConfig, mailed: Sequence[tuple[int, Press]]
) -> tuple[PressPiece, ...]:
    """The players' public ``PRESS`` mails (``mailed``: each with the turn whose reports
    printed it), cleaned as every piece is."""
    secrets = _secrets(config)
    return tuple(
        PressPiece(
            title=f"Turn {turn}: {press.name}", text=blacked_out(press.text[:LONGEST], secrets)
        )
        for turn, press in mailed
    )


def _secrets(config: GameConfig) -> re.Pattern[str] | None:
    """What no page may show of the game's players: codes, and unshared addresses."""
    return secrets_of(config.players)
