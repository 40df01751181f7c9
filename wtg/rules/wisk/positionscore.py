"""The robot's position score: how good the board is for one player, in armies.

A ``View`` is the board as the robot's planning changes it (who holds what, with how
many armies, expected values allowed), made from a state without touching it. The score
is the sum of weighted parts (the weights: ``weights.py``):

- income: the armies due next turn (territories, whole continents), ours less the
  strongest opponent's;
- armies: the armies on the board, ours less the strongest opponent's;
- near: each continent we hold part of, its bonus times the square of our share;
- opponent near: each continent one opponent holds all of but one territory, its bonus
  (counted against us);
- exposure: each border territory of ours, the chance the biggest enemy stack next to it
  takes it, times its worth;
- reply: the one-move look at the opponents: each one's best single attack on us, its
  new armies put on the attacking stack first, worth what we expect to lose;
- cards: the cards held, each a third of the next set's value.

With secret missions, a continent the player's own mission names counts more in "near"
(held whole too), and the attacks value the territories of the player it says to
destroy and the conquest that meets the mission (``attacks.gain``, ``View.mission_done``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from wtg.rules.wisk.cards import trade_value
from wtg.rules.wisk.constants import MIN_REINFORCEMENT, MISSION_FALLBACK_TERRITORIES, STAY_BEHIND
from wtg.rules.wisk.constants import TERRITORIES_PER_ARMY as PER_ARMY
from wtg.rules.wisk.odds import battle
from wtg.rules.wisk.state import WiskState
from wtg.rules.wisk.victory import destroy_target

NEXT_SET_KINDS = ("infantry", "cavalry", "artillery")
"""The set a player is counted as trading next (fixed values: one of each)."""


@dataclass
class View:
    """The board as planning changes it: ``owner`` and ``armies`` by territory id (index 0
    unused), each territory's neighbours and continent, the continents with their bonus."""

    owner: list[int]
    armies: list[float]
    neighbours: list[tuple[int, ...]]
    continent_of: list[str]
    continents: dict[str, tuple[int, tuple[int, ...]]]
    players: tuple[int, ...]
    """The players still in the game."""
    cards: dict[int, int]
    ties: str
    next_set: int
    """What the next set traded is worth."""
    goals: frozenset[str] = frozenset()
    """The continents the planning player's own secret mission names."""
    prey: int = 0
    """The player his secret mission says to destroy (0: none)."""
    extra: int = 0
    """The continents of his choice his mission wants beside ``goals``."""
    occupy: tuple[int, int] = (0, 0)
    """His mission's "occupy N territories with at least A armies each": (N, A); (0, 0):
    none."""

    @classmethod
    def of(cls, state: WiskState, pid: int = 0) -> View:
        """``state``'s board; ``pid``: the planning player (his own mission is read)."""
        board = state.board
        goals: frozenset[str] = frozenset()
        prey = extra = 0
        occupy = (0, 0)
        me = state.player(pid) if pid else None
        if me and state.options.missions and me.mission:
            mission = board.mission(me.mission)
            goals = frozenset(mission.continents)
            extra = mission.extra
            prey = destroy_target(state, pid, mission) if mission.destroy else 0
            if mission.destroy and not prey:
                occupy = (MISSION_FALLBACK_TERRITORIES, 1)
            elif not mission.continents and not mission.destroy:
                occupy = (mission.territories, mission.armies)
        count = len(state.holdings)
        sites = [board.site(t) for t in range(1, count + 1)]
        rule = state.options.cards
        return cls(
            owner=[0, *(h.owner for h in state.holdings)],
            armies=[0.0, *(float(h.armies) for h in state.holdings)],
            neighbours=[(), *(s.neighbours for s in sites)],
            continent_of=["", *(s.continent for s in sites)],
            continents={c.name: (c.bonus, c.territories) for c in board.continents},
            players=tuple(p.id for p in state.alive()),
            cards={p.id: len(p.cards) for p in state.players},
            ties=state.options.ties,
            next_set=trade_value(rule, state.trades, NEXT_SET_KINDS),
            goals=goals,
            prey=prey,
            extra=extra,
            occupy=occupy,
        )

    def copy(self) -> View:
        return View(
            list(self.owner),
            list(self.armies),
            self.neighbours,
            self.continent_of,
            self.continents,
            self.players,
            dict(self.cards),
            self.ties,
            self.next_set,
            self.goals,
            self.prey,
            self.extra,
            self.occupy,
        )

    def mission_done(self, pid: int) -> bool:
        """Whether this board meets ``pid``'s own secret mission (``victory.mission_done``
        on the planning board: expected armies count as they stand)."""
        if self.goals:
            held = [name for name in self.continents if self.holds(pid, name)]
            if not self.goals.issubset(held):
                return False
            return len(held) - len(self.goals) >= self.extra
        if self.prey:
            return not self.territories(self.prey)
        count, armies = self.occupy
        if not count:
            return False
        return sum(1 for t in self.territories(pid) if self.armies[t] >= armies) >= count

    def territories(self, pid: int) -> list[int]:
        return [t for t in range(1, len(self.owner)) if self.owner[t] == pid]

    def enemies_next_to(self, pid: int, tid: int) -> list[int]:
        return [n for n in self.neighbours[tid] if self.owner[n] != pid]

    def holds(self, pid: int, continent: str) -> bool:
        return all(self.owner[t] == pid for t in self.continents[continent][1])

    def share(self, pid: int, continent: str) -> int:
        """How many of the continent's territories ``pid`` holds."""
        return sum(1 for t in self.continents[continent][1] if self.owner[t] == pid)

    def income(self, pid: int) -> int:
        """The armies due at the start of ``pid``'s next turn (cards aside)."""
        held = self.territories(pid)
        bonus = sum(b for name, (b, _) in self.continents.items() if self.holds(pid, name))
        return max(MIN_REINFORCEMENT, len(held) // PER_ARMY) + bonus

    def total_armies(self, pid: int) -> float:
        return sum(a for t, a in enumerate(self.armies) if self.owner[t] == pid)

    def opponents(self, pid: int) -> list[int]:
        return [p for p in self.players if p != pid and self.territories(p)]

    def worth(self, pid: int, tid: int) -> float:
        """What losing ``tid`` costs ``pid`` besides its armies: the territory, and the
        bonus of the continent it breaks."""
        continent = self.continent_of[tid]
        return 1.0 + (self.continents[continent][0] if self.holds(pid, continent) else 0.0)


def take_chance(view: View, attackers: float, defenders: float) -> float:
    """The chance a stack of ``attackers`` armies (its last one stays) takes a territory
    held by ``defenders``."""
    return battle(int(attackers) - STAY_BEHIND, max(1, int(defenders)), view.ties).win


def income_part(view: View, pid: int) -> float:
    others = [view.income(o) for o in view.opponents(pid)]
    return view.income(pid) - max(others, default=0)


def armies_part(view: View, pid: int) -> float:
    others = [view.total_armies(o) for o in view.opponents(pid)]
    return view.total_armies(pid) - max(others, default=0.0)


def near_part(view: View, pid: int, mission: float = 0.0) -> float:
    """Continents held in part (a whole one counts in the income); one the player's
    mission names counts ``1 + mission`` times, held whole too."""
    total = 0.0
    for name, (bonus, sites) in view.continents.items():
        mine = view.share(pid, name)
        goal = mission if name in view.goals else 0.0
        if 0 < mine < len(sites):
            total += bonus * (1 + goal) * (mine / len(sites)) ** 2
        elif mine == len(sites):
            total += bonus * goal
    return total


def opponent_near_part(view: View, pid: int) -> float:
    """Continents an opponent is one conquest from holding whole."""
    total = 0.0
    for name, (bonus, sites) in view.continents.items():
        for other in view.opponents(pid):
            if view.share(other, name) == len(sites) - 1:
                total += bonus
    return total


def exposure_part(view: View, pid: int) -> float:
    """Each border territory: the chance the biggest enemy stack next to it takes it,
    times its worth (its armies are counted in the reply)."""
    total = 0.0
    for tid in view.territories(pid):
        foes = [view.armies[n] for n in view.neighbours[tid] if view.owner[n] != pid]
        if foes:
            total += take_chance(view, max(foes), view.armies[tid]) * view.worth(pid, tid)
    return total


def attack_cost(view: View, pid: int, tid: int, stack: float, defenders: float) -> float:
    """What an enemy ``stack`` attacking ``tid`` (held by ``pid`` with ``defenders``) with
    all it may send is expected to cost ``pid``: the territory's worth if it falls, and
    the armies each side loses (his losses count for ``pid``)."""
    attackers = int(stack) - STAY_BEHIND
    held = max(1, int(defenders))
    odds = battle(attackers, held, view.ties)
    lost = held - odds.defenders_left
    killed = attackers - odds.attackers_left
    return odds.win * view.worth(pid, tid) + lost - killed


def reply_part(view: View, pid: int) -> float:
    """The one-move look: each opponent's best single attack on ``pid``, its new armies on
    the attacking stack first, by what ``pid`` expects to lose (``attack_cost``)."""
    total = 0.0
    for other in view.opponents(pid):
        due = view.income(other)
        best = 0.0
        for source in view.territories(other):
            stack = view.armies[source] + due
            for tid in view.neighbours[source]:
                if view.owner[tid] == pid:
                    best = max(best, attack_cost(view, pid, tid, stack, view.armies[tid]))
        total += best
    return total


def cards_part(view: View, pid: int) -> float:
    return view.cards.get(pid, 0) * view.next_set / 3


PARTS = {
    "income": income_part,
    "armies": armies_part,
    "near": near_part,
    "opponent_near": opponent_near_part,
    "exposure": exposure_part,
    "reply": reply_part,
    "cards": cards_part,
}
AGAINST = frozenset({"opponent_near", "exposure", "reply"})
"""The parts that count against the player."""


def parts(view: View, pid: int, mission: float = 0.0) -> dict[str, float]:
    found = {name: part(view, pid) for name, part in PARTS.items()}
    if mission and view.goals:
        found["near"] = near_part(view, pid, mission)
    return found


def score(view: View, pid: int, weights: Mapping[str, float]) -> float:
    """The position's worth to ``pid``: the weighted parts, those against him taken off."""
    total = 0.0
    for name, value in parts(view, pid, weights["mission"]).items():
        total += -weights[name] * value if name in AGAINST else weights[name] * value
    return total
