"""The game a GM's command was meant for, when it was given to another: `wtg release g2`,
`wtg hold g2 --undo`, `wtg rollback g2 --undo` or `wtg extend g2 --undo` at 2 a.m., g2
neither held, rolled back nor extended while g1 is. The refusal said only `game g2 is not
held`; it names the games of the same games folder the command fits, with the command for
each."""

from __future__ import annotations

from collections.abc import Callable

from wtg.cli.givenhead import given_head
from wtg.game.engine import Game
from wtg.game.schedule import moment_text
from wtg.gm.extension import last_move
from wtg.gm.rollback import rollbacks
from wtg.host.gamesdir import Unreadable, scan_games
from wtg.text.closename import either

MOST = 3
"""Games named at most: more, and the refusal names none (no slip of one name)."""


def meant_games(game: Game, fits: Callable[[Game], str | None], command: str) -> str:
    """The clause that names the other games of ``game``'s games folder that ``fits``
    (its words of each, or None), with ``command`` for each (``{game}`` in it: its name;
    begun ``wtg``, which carries the ``--config`` and ``--games-dir`` given: ``given_head``);
    "" when there is none, or more than ``MOST``."""
    found: list[tuple[str, str]] = []
    for other in scan_games(game.store.root.parent).games():
        if isinstance(other, Unreadable) or other.config.game == game.config.game:
            continue
        try:
            said = fits(other)
        except Exception:  # a game that cannot be read: named by `wtg status`, not here
            continue
        if said is not None:
            found.append((other.config.game, said))
    if not found or len(found) > MOST:
        return ""
    facts = "; ".join(f"game {name} {said}" for name, said in found)
    head = given_head()  # the --config given, or the GM's copy runs against another host
    commands = either([f"`{head}{command.format(game=name)[3:]}`" for name, _ in found])
    return f" ({facts}: did you mean {commands}?)"


def held(game: Game) -> str | None:
    """Whether ``game`` is held, in words."""
    hold = game.held()
    if hold is None:
        return None
    return f"is held since {moment_text(hold.since)}" if hold.since else "is held"


def undoable_rollback(game: Game) -> str | None:
    """Whether ``game``'s last rollback may be undone (the game still at its turn), in
    words."""
    standing = [r for r in rollbacks(game.store) if r.finished]
    if not standing or standing[-1].to != game.latest_turn():
        return None
    last = standing[-1]
    return f"was rolled back to turn {last.to} at {moment_text(last.at)}"


def moved_deadline(game: Game) -> str | None:
    """Whether `wtg extend` moved ``game``'s coming deadline last (a move `--undo` takes
    back), in words."""
    move = last_move(game)
    if move is None:
        return None
    return f"had turn {move.turn}'s deadline moved from {move.old} to {move.new}"


def corrected(game: Game) -> str | None:
    """Whether ``game`` has orders corrected for its latest turn (`wtg orders --correct`)
    that no rerun has taken yet, in words."""
    latest = game.latest_turn()
    seats = sorted(game.store.pending_orders(latest)) if latest > 0 else []
    if not seats:
        return None
    return f"has orders corrected for its turn {latest} ({_seats(seats)}) that no rerun took yet"


def _seats(seats: list[int]) -> str:
    """``player 3``, ``players 2 and 3``, ``players 1, 2 and 3``."""
    if len(seats) == 1:
        return f"player {seats[0]}"
    return "players " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"
