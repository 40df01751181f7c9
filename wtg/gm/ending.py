"""A game the GM ends by hand (`wtg end`; docs/gm.md, "Ending a game by hand").

The end is one more turn, written as any turn is (one atomic commit): nothing moves in it,
the state is over by the GM's hand with his reason, each player's report says so (the end
a game's natural end writes, mailed by `wtg send` as every turn is), and the orders pending
for it go into its folder unplayed, their senders told in their reports. A kill before the
commit leaves the game as it was; after it, the game is ended, and the command given again
says so and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from wtg.core.errors import GameError
from wtg.core.record import Record
from wtg.core.ruleset import EndsByHand, S, SideId
from wtg.game.engine import Game
from wtg.game.takeoverfinish import finish_cut_short
from wtg.game.turnfiles import new_meta, turn_files
from wtg.text.shellcommand import shell_command


class Ended(Record):
    """What `wtg end` did, or found done."""

    turn: int
    """The turn that ends the game (the one after the last turn run)."""
    reason: str
    """The GM's words, "" for none."""
    new: bool
    """False: the game was ended by the GM already (the command given again)."""
    unplayed: tuple[int, ...] = ()
    """The players whose pending orders were set aside unplayed (their reports say so)."""


def end_game(
    game: Game[S],
    reason: str,
    now: datetime,
    before_commit: Callable[[int], None] | None = None,
) -> Ended:
    """End ``game`` after its last turn run, under its lock: ``Ended``. GameError when it
    cannot be: over by its rules already, or a ruleset that has no end by hand.
    ``before_commit``, given the end's turn, is called once nothing refuses the end, before
    its first write (the mail journal's note of a game it does not know, as `run-turn`'s)."""
    ruleset = game.ruleset
    name = game.config.game
    with game.store.lock():
        finish_cut_short(game)  # never end from a takeover half done
        latest = game.latest_turn()
        state = game.state(latest)
        if not isinstance(ruleset, EndsByHand):
            raise GameError(
                f"game {name}: the {ruleset.name} rules have no end by the GM's hand yet; "
                f"`{shell_command('wtg', 'hold', name)}` stops its turns"
            )
        kept = ruleset.ended_by_hand(state)
        if kept is not None:
            return Ended(turn=latest, reason=kept, new=False)
        if ruleset.is_over(state):
            raise GameError(f"game {name} is over already (turn {latest}): its rules ended it")
        target = latest + 1
        pending = game.store.pending_orders(target)
        unplayed = [SideId(side) for side in sorted(pending)]
        result = ruleset.end_by_hand(state, " ".join(reason.split()), unplayed)
        meta = new_meta(
            game.config.schedule, target, game.deadline_stamp(latest), now, waited=False
        )
        meta["next_deadline"] = None  # the game ended: no turn comes
        meta["ended_by_gm"] = True
        events = [e.to_dict() for e in result.events]
        files = turn_files(
            ruleset, game.config, game.store, result.state, events, meta, None, state
        )
        for side, path in pending.items():  # kept in the turn as sent, never played
            files[f"orders/p{side:02d}.yaml"] = path.read_text(encoding="utf-8")
        if before_commit is not None:
            before_commit(target)
        game.store.commit_turn(target, files)
        return Ended(
            turn=target,
            reason=ruleset.ended_by_hand(result.state) or "",
            new=True,
            unplayed=tuple(int(s) for s in unplayed),
        )
