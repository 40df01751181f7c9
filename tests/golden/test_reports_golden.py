"""Every byte of 30 turns of the files a player gets (each report with its AOF, the Top Ten)
of two games, held to the digests of those the code wrote before a change of how they are
rendered: a report made cheaper to write reads, to its last byte, as it did.

The games: the turn benchmark's WoK IV game well under way (``tests/developed.py``: ten
players, 36 provinces held, full orders that run every turn), its players named to try the
Top Ten's name column (a name one column wider than it, cut after a blank; one of wide
letters, cut before the one that would reach past it; one written right to left; one with
blanks at its ends; one that reads as figures; one just over its twenty columns), and a
Standard game of eight played by the built-in strategy (``tests/mapgames.py``).

Regenerate after an intended change of what the reports say, then read the reports' diff:

    WTG_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/golden/test_reports_golden.py
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path
from typing import Any

from tests.developed import developed, filled_aof, start_from, varied_orders
from tests.golden.compare import check_golden
from tests.mapgames import played_game
from tests.shipped import WOK4
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.rules.wok.state import WokState

HERE = Path(__file__).resolve().parent / "reports"
TURNS = 30
NAMES = (
    "Bartholomew-Maximilian of the Northern X",
    "王小明王小明王小明王小明王小明王小明王小",
    "דוד המלך",
    "  Ann  ",
    "Cy",
    "Agent 47",
    "Dee Twentyone Columns",
    "Eve",
    "Fay",
    "Gus",
)
SHOWN_AS_FIGURES = "Zed 99999 99"
"""A name a new game refuses (it reads as a row's figures), which a GM's game.yaml may hold:
given to player 9 once the game is made, as the GM's edit would."""


def wok4_game(folder: Path) -> Game[WokState]:
    entries = [
        PlayerEntry(i, name, f"p{i}@example.org", f"CODE{i:06d}")
        for i, name in enumerate(NAMES, start=1)
    ]
    game = create_game(folder / "w", "wok4", "classic60", entries, 1235).typed(WOK4)
    game.write_players(
        [e if e.id != 9 else PlayerEntry(9, SHOWN_AS_FIGURES, e.email, e.code) for e in entries]
    )
    state = developed(WOK4.read_map("classic60").data, len(NAMES), 1235)
    for entry in game.config.players:
        state.player(entry.id).name = entry.name
    start_from(game, state)
    rng = random.Random(1234)
    for _ in range(TURNS):
        state = game.state()
        if WOK4.is_over(state):
            break
        for pid in WOK4.owing(state):
            game.submit(filled_aof(game, state, pid, varied_orders(state, pid, rng)), player=pid)
        game.run_turn()
    return game


def digests(game: Game[Any], label: str) -> list[str]:
    """A line for every file a player gets of every turn: its turn, path and SHA-256."""
    lines = []
    for turn in range(game.latest_turn() + 1):
        folder = game.store.turn_dir(turn)
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            name = path.relative_to(folder).as_posix()
            if name.startswith("reports/") or name.startswith("topten"):
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
                lines.append(f"{label} turn {turn} {name} {digest}")
    return lines


def test_thirty_turns_of_reports_read_to_the_byte_as_before(tmp_path: Path) -> None:
    wok4 = wok4_game(tmp_path)
    standard = played_game(tmp_path / "s", "standard", "classic60", 8, TURNS)
    lines = digests(wok4, "wok4") + digests(standard, "standard")
    assert wok4.latest_turn() > 20 and standard.latest_turn() > 20  # games that went on
    check_golden(HERE / "wok4-standard-30-turns.txt", "\n".join(lines) + "\n")
