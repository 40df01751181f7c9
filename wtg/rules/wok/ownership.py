"""Whose a province is, as an order sees it when it arrives.

An order for a province the player does not own is rejected at once, with the reason,
unless a ruling allows it. Every WoK ruling allows one thing: the orders of a phase after
the attacks may name a province an accepted attack line of the same orders sets out to
take (it is the player's by then if the attack wins); an attack may start from a province
an EARLIER attack line sets out to take. Nothing else gives a player a province during a
turn. Bombing comes before any attack, so it needs a province the player holds already.

The reason names the holder only where the player's report shows it (a neighbour of one
of his provinces, or of his other colours' in a Duel or Trinity): an order must not tell
him what his report hides.
"""

from __future__ import annotations

from wtg.rules.wok.state import WokState

# What each kind of order needs, in the player's words (the end of a rejection's reason).
BOMB_FROM = "bombs are fired from your own provinces (bombing comes before any attack)"
ATTACK_FROM = (
    "an attack starts from your own province, or from one an earlier attack line of yours takes"
)
TRANSFORM_IN = (
    "transformations are made in your own provinces, or in one an attack line of yours takes"
)
TROOPS_IN = "troops are upgraded in your own provinces, or in one an attack line of yours takes"
MOVE_FROM = "units move from your own provinces, or from one an attack line of yours takes"
MOVE_TO = (
    "units move only into your own provinces, or into one an attack line of yours takes"
    " (anywhere else they are halted)"
)
AIM_FOR = "aims are set for your own provinces, or for one an attack line of yours takes"
SPY_FROM = "spies set out from your own provinces, or from one an attack line of yours takes"


def colours_of(state: WokState, player: int) -> set[int]:
    """The player and, in a Duel or Trinity, the other colours of the same human."""
    controller = state.player(player).controller
    if controller is None:
        return {player}
    return {p.id for p in state.players if p.controller == controller}


def holder_words(state: WokState, player: int, pid: int) -> str:
    """Who holds ``pid``, in brackets, as far as the player's reports show it ("" where
    they do not): his reports show the neighbours of his provinces, that is (neighbours
    being mutual) a province one of whose neighbours is his."""
    owner = state.province(pid).owner
    colours = colours_of(state, player)
    if owner in colours:
        label = state.player(owner).label or state.player(owner).name
        return f" (it is your colour {label}'s: its orders go on {label}'s form)"
    seen = any(state.province(n).owner in colours for n in state.province(pid).neighbours)
    if not seen:
        return ""
    if owner == 0:
        return " (it is neutral)"
    # the name first, then the number as reports write it: "player 2's, Player2" read as
    # the one said twice
    return f" (it is {state.player(owner).name}'s, player #{owner})"


class Holdings:
    """What the orders read so far may give the player: the provinces his accepted attack
    lines set out to take, each with the source of the first such line."""

    def __init__(self, state: WokState, player: int) -> None:
        self.state = state
        self.player = player
        self.taken: dict[int, int] = {}
        self.held = frozenset(p.id for p in state.provinces_of(player))
        """The ids of the provinces the player holds: the orders are checked against a state
        no check changes, and a full form asks about sixty times (a set, not a look-up of
        the province and its owner each time)."""

    def attack_accepted(self, source: int, target: int) -> None:
        self.taken.setdefault(target, source)

    def mine(self, pid: int) -> bool:
        return pid in self.held

    def problem(self, pid: int, need: str, *, by_attack: bool = True) -> str:
        """Why an order may not name ``pid`` ("" when it may): it is not the player's, and
        (unless ``by_attack`` is False) no accepted attack line sets out to take it.
        ``need`` says what the order needs, in the player's words."""
        if pid in self.held or (by_attack and pid in self.taken):
            return ""
        holder = holder_words(self.state, self.player, pid)
        return f"province {self.state.named(pid)} is not yours{holder}: {need}"

    def note(self, pid: int) -> str:
        """The note on an accepted order that names a province only an attack may give."""
        if pid in self.held or pid not in self.taken:
            return ""
        return (
            f"note: province {self.state.named(pid)} is not yours now; your attack on it from"
            f" {self.state.named(self.taken[pid])}"
            " may take it, and this order runs only if it does"
        )
