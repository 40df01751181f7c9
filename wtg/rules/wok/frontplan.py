"""The frame of a built-in WoK player that plays by the battle's odds (WoK IV's, Standard's
and Intermediate WoK's ``strategy.py`` fill it in, the last two through ``goldplan.py``): it
reads the whole state (a demo player, not a fair robot) and writes a canonical order dict,
which its callers print into a real AOF or check as an order file.

- Each province keeps the garrison that its neighbouring players' troops are not favoured to
  take it against, and attacks with the rest wherever the odds (``battleodds``, from the
  rules' PATT and PDEF) are good, the richest targets first, as many attacks as it may.
- Its missiles fall on the provinces it attacks (bombing comes before the attacks), else on
  the strongest player's province in reach.
- It makes armies in its border provinces with the most POP, workers where there are few,
  and moves the troops of its inner provinces towards its borders.

What a ruleset adds (aims, trades or upgrades, spying, its reach and attack count, a tie's
cost, a terrain's bonus) it gives by overriding the methods that say so. Every chance is
drawn from the ``rng`` given, so a plan is the same for the same seed."""

from __future__ import annotations

from collections import deque
from random import Random

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wok.battleodds import EVEN, defending_eff, least_holding, round_odds, win_chance
from wtg.rules.wok.combat import attack_top, defense_top
from wtg.rules.wok.limits import (
    MOVE_ORDERS,
    POP_ARM_ORDERS,
    POP_PER_ARM,
    TRANSFORM_ORDERS,
    UNITS_PER_ORDER,
)
from wtg.rules.wok.protection import open_to
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.warfare import BOMB_MISSILES_MAX, BOMB_ORDERS, SPOILS_POP_WOK

NEW_ARMIES = 48
"""POP made into armies an order: 12 armies (50 at most an order, 4 POP an army)."""
ARMY_POP = 60
"""The POP from which a province makes armies (it keeps some to grow)."""
NEW_WORKERS = 20
"""POP made into 10 workers an order, where a province has few."""
FEW_WORKERS = 60
WORKER_POP = 90
"""The POP from which a province makes workers as well."""
SECTION_ORDER = (
    "player",
    "turn",
    "bomb",
    "attack",
    "transform",
    "upgrade_troops",
    "move",
    "trade",
    "aim",
    "upgrade",
    "spy",
    "vote_end",
)


class FrontPlan:
    """The orders of one player for the coming turn, built section by section."""

    troop_unit = "ARM"
    """The unit its troops move as (Intermediate: TRO, every troop kind)."""
    tie_to_defender = False
    """Whether a tied round costs the attacker an army (WoK IV) or nothing."""
    good_odds = EVEN
    """The chance of taking a province above which it attacks."""
    army_pop = ARMY_POP
    """The POP from which a border province makes armies."""
    quitters_dig_in = True
    """Whether a player who QUIT is no threat to its garrisons (Standard's player reckons
    with his troops all the same)."""

    def __init__(self, state: WokState, player: int, rng: Random) -> None:
        self.state, self.player, self.rng = state, player, rng
        self.me = state.player(player)
        self.mine = sorted(state.provinces_of(player), key=lambda p: (-p.troops, p.id))
        self.owned = {p.id for p in self.mine}
        self.borders = [p for p in self.mine if any(n not in self.owned for n in p.neighbours)]
        self.need = {p.id: self.garrison(p) for p in self.mine}
        """The troops each province needs against its neighbouring players."""
        self.keep = {p.id: min(self.need[p.id], p.troops) for p in self.mine}
        self.good_attacks = 0
        self.sent: list[tuple[int, int, int]] = []
        """This turn's attacks: (from, to, troops)."""
        self.levied: dict[int, int] = {}
        """The armies each province makes this turn (PHASE IV, before the moves)."""
        self.sections: dict[str, Json] = {}

    # What a ruleset gives
    def attacks_allowed(self) -> int:
        raise NotImplementedError

    def in_reach(self, source: Province, target: int) -> bool:
        """Whether ``source`` may bomb ``target`` (or a ruleset gives ``reachable``)."""
        raise NotImplementedError

    def reachable(self, source: Province) -> list[int]:
        """The provinces ``source`` may bomb: every province ``in_reach`` (a ruleset that
        knows them without trying each one gives them itself)."""
        return [q.id for q in self.state.provinces if self.in_reach(source, q.id)]

    def after_bombing(self, target: Province) -> Province:
        """``target`` as its attackers expect to find it once this turn's missiles fell (a
        ruleset whose plan bombs before it attacks gives it; by default as it is)."""
        return target

    def level_bonus(self, troops: Province, ground: Province) -> int:
        """The level (thousandths) ``troops`` add fighting on ``ground`` (a terrain's)."""
        return 0

    def more(self) -> None:
        """The ruleset's own sections (aims, trades or upgrades, spying), by ``add``."""

    # The battle's odds
    def round_chance(self, attacker: int, source: Province, target: Province) -> float:
        """The chance that a round of ``source``'s troops (``attacker``'s) against
        ``target``'s that costs an army costs the defender's."""
        return round_odds(
            attack_top(
                source.lev + self.level_bonus(source, target), self.state.player(attacker).eff
            ),
            defense_top(
                target.lev + self.level_bonus(target, target),
                target.dfn,
                defending_eff(self.state, target),
            ),
            self.tie_to_defender,
        )

    def taking_chance(self, source: Province, target: Province, troops: int) -> float:
        p = self.round_chance(self.player, source, target)
        return win_chance(troops, target.troops, p)

    def garrison(self, province: Province, gathered: bool = False) -> int:
        """The troops ``province`` needs so that no neighbouring player is favoured to take
        it with all his troops there (none against neutrals, who never attack, nor players
        who QUIT where ``quitters_dig_in``, nor sides that may not attack it this turn); it
        keeps them, or all it has. With ``gathered``, his troops there are counted with
        those of his provinces next to it (``gathering``)."""
        need = 0
        for n in province.neighbours:
            other = self.state.province(n)
            if not other.owner or other.owner == self.player:
                continue
            troops = other.troops + (self.gathering(other, province) if gathered else 0)
            if not troops:
                continue
            if self.quitters_dig_in and not self.state.player(other.owner).standing:
                continue  # a player who QUIT gives no orders: his troops dig in
            if not open_to(self.state, other.owner, province.id):
                continue
            p = self.round_chance(other.owner, other, province)
            most = max(province.troops, troops * 4)
            need = max(need, least_holding(troops, p, most))
        return need

    def gathering(self, other: Province, province: Province) -> int:
        """The troops of ``other``'s owner in his provinces next to ``other`` (``province``
        aside): those he may move into it this turn, to attack ``province`` the next."""
        return sum(
            self.state.province(m).troops
            for m in other.neighbours
            if m != province.id and self.state.province(m).owner == other.owner
        )

    def held(self, province: Province) -> int:
        """The troops ``province`` keeps through the moves of this turn: its garrison, and
        what it is to hold (``reinforced``), or all it has."""
        return max(self.keep[province.id], min(province.troops, self.reinforced(province)))

    def reinforced(self, province: Province) -> int:
        """The troops ``province`` is sent to hold by the moves of this turn, which come after
        the attacks: its garrison (a ruleset that reckons with the next turn's attacks
        gives more)."""
        return self.need[province.id]

    # The sections
    def orders(self) -> JsonObject:
        self.sent = self.attacks()
        self.add("bomb", self.bombing([aim for _, aim, _ in self.sent]))
        self.add("attack", [{"from": f, "to": t, "armies": a} for f, t, a in self.sent])
        self.add("transform", self.transforms())
        self.add("move", self.moves())
        self.more()
        orders: JsonObject = {"player": self.player, "turn": self.state.turn + 1}
        for key in SECTION_ORDER:
            if key in self.sections:
                orders[key] = self.sections[key]
        return orders

    def add(self, key: str, lines: Json) -> None:
        if lines:
            self.sections[key] = lines

    def attacks(self) -> list[tuple[int, int, int]]:
        """Each province's spare troops (beyond its garrison) at the neighbour they are
        likely enough to take that is worth the most (80% of its POP comes with it, a
        player's province weakens him too), the best first, as many lines as it may. Where
        one province's troops are too few, the spare troops of more of its neighbours join
        in, one attack line each, the most first: the battles one after another are rounds
        of one battle (each round costs one army), so their chance is that of their sum."""
        spare = {p.id: p.troops - self.keep[p.id] for p in self.mine}
        options: list[tuple[float, int, list[Province]]] = []
        targets = sorted({n for p in self.mine for n in p.neighbours} - self.owned)
        for n in targets:
            if not open_to(self.state, self.player, n):
                continue
            target = self.after_bombing(self.state.province(n))
            sources = sorted(
                (p for p in self.mine if n in p.neighbours and spare[p.id] > 0),
                key=lambda p: (-spare[p.id], p.id),
            )
            chance, joined = 0.0, []
            for p in sources:
                joined.append(p)
                troops = sum(spare[q.id] for q in joined)
                p_round = min(self.round_chance(self.player, q, target) for q in joined)
                chance = win_chance(troops, target.troops, p_round)
                if chance > self.good_odds:
                    break
            if chance > self.good_odds:
                options.append((-chance * (1 + self.worth(target)) / len(joined), n, joined))
        options.sort(key=lambda option: (option[0], option[1]))
        self.good_attacks = len(options)
        budget = self.attacks_allowed()
        used: set[int] = set()
        lines: list[tuple[int, int, int]] = []
        for _, aim, joined in options:
            if len(lines) + len(joined) > budget or any(p.id in used for p in joined):
                continue
            for p in joined:
                used.add(p.id)
                lines.append((p.id, aim, spare[p.id]))
        return lines

    def worth(self, target: Province) -> int:
        """What taking ``target`` is worth: the 80% of its POP that comes with it, and 1 for
        a player's province (it weakens him too)."""
        return target.pop * SPOILS_POP_WOK // 100 + (1 if target.owner else 0)

    def bombing(self, attacked: list[int]) -> list[Json]:
        """Every province with missiles fires them all (99 at most) at a province in reach
        that it attacks this turn, else at the one of a player in reach with the most
        troops; a province with nothing in reach keeps them."""
        lines: list[Json] = []
        for p in self.mine:
            if not p.mis or len(lines) == BOMB_ORDERS:
                continue
            reach = [
                n
                for n in self.reachable(p)
                if n not in self.owned
                and self.state.province(n).troops
                and open_to(self.state, self.player, n)
            ]
            targets = [n for n in attacked if n in reach]
            if not targets:
                players = [n for n in reach if self.state.province(n).owner]
                targets = sorted(players, key=lambda n: (-self.state.province(n).troops, n))
            if targets:
                missiles = min(p.mis, BOMB_MISSILES_MAX)
                lines.append({"from": p.id, "to": targets[0], "missiles": missiles})
        return lines

    def army_makers(self) -> list[Province]:
        """The provinces that may make armies, the first first: its borders (all its
        provinces when it has none), the most POP first."""
        return sorted(self.borders or self.mine, key=lambda p: (-p.pop, p.id))

    def transforms(self) -> list[Json]:
        """Armies made in the first ``army_makers`` with POP enough (3 orders at most),
        workers where there are few and POP enough."""
        lines: list[Json] = []
        for p in self.army_makers()[:POP_ARM_ORDERS]:
            if p.pop >= self.army_pop:
                lines.append({"province": p.id, "kind": "POP-ARM", "amount": NEW_ARMIES})
                self.levied[p.id] = self.levied.get(p.id, 0) + NEW_ARMIES // POP_PER_ARM
        for p in sorted(self.mine, key=lambda p: (-p.pop, p.id)):
            if len(lines) == TRANSFORM_ORDERS:
                break
            if p.wok < FEW_WORKERS and p.pop >= WORKER_POP:
                lines.append({"province": p.id, "kind": "POP-WOK", "amount": NEW_WORKERS})
        return lines

    def moves(self) -> list[Json]:
        """The troops of the provinces with no foreign neighbour, 50 an order, to their
        neighbour nearest the border (a tie drawn); then the spare troops a border province
        did not attack with, to a neighbouring province of its own that has fewer than it
        needs against a player (``reinforcing``)."""
        lines = self.inner_moves()
        return lines + self.reinforcing()[: MOVE_ORDERS - len(lines)]

    def reinforcing(self) -> list[Json]:
        """Troops a province spares and does not attack with, 50 at most an order, to its
        neighbour of its own that lacks the most of what it is to hold (``reinforced``: its
        garrison by default), as many as it lacks; a province keeps what it is to hold."""
        marching = {source for source, _, _ in self.sent}
        lacking = {p.id: self.reinforced(p) - p.troops for p in self.borders}
        lines: list[Json] = []
        for p in self.borders:
            spare = p.troops - self.held(p)
            if p.id in marching or spare < 1:
                continue
            short = [n for n in p.neighbours if lacking.get(n, 0) > 0]
            if not short:
                continue
            to = max(short, key=lambda n: (lacking[n], -n))
            amount = min(spare, lacking[to], UNITS_PER_ORDER)
            lacking[to] -= amount
            lines.append({"from": p.id, "to": to, "unit": self.troop_unit, "amount": amount})
        return lines

    def inner_moves(self) -> list[Json]:
        """The troops of the provinces with no foreign neighbour towards the border, with
        the armies they make this turn (the transformations come before the moves)."""
        distance = self.to_border()
        lines: list[Json] = []
        for p in self.mine:
            steps = distance.get(p.id, 0)
            troops = p.troops + self.levied.get(p.id, 0)
            if not steps or troops < 1:
                continue
            nearer = [n for n in p.neighbours if n in distance and distance[n] < steps]
            if not nearer:
                continue
            best = min(distance[n] for n in nearer)
            to = self.rng.choice(sorted(n for n in nearer if distance[n] == best))
            while troops > 0 and len(lines) < MOVE_ORDERS:
                amount = min(troops, UNITS_PER_ORDER)
                lines.append({"from": p.id, "to": to, "unit": self.troop_unit, "amount": amount})
                troops -= amount
        return lines

    def to_border(self) -> dict[int, int]:
        """Each of his provinces' steps through his own to one with a foreign neighbour."""
        distance = {p.id: 0 for p in self.borders}
        queue = deque(p.id for p in self.borders)
        while queue:
            pid = queue.popleft()
            for n in self.state.province(pid).neighbours:
                if n in self.owned and n not in distance:
                    distance[n] = distance[pid] + 1
                    queue.append(n)
        return distance

    def facing_players(self, p: Province) -> bool:
        """Whether a neighbour of ``p`` is another player's."""
        return any(self.state.province(n).owner not in (0, self.player) for n in p.neighbours)
