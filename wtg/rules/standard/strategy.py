"""The built-in Standard WoK player, for the sample games of the site, the benchmarks and
the tests: a player that plays as a sensible human would. It reads the whole state (a demo
player, not a fair robot) and writes a canonical order dict, which its callers print into a
real AOF or check as an order file.

- It keeps in each province the garrison its neighbouring players' armies are not favoured
  against (``frontline.garrison``) and attacks with the rest, wherever the battle's odds
  favour it, the richest provinces first, as many attacks as its tech allows.
- Its missiles fall on the provinces it attacks (bombing comes before the attacks), else
  on the strongest player's province in reach; its spies go where they outnumber the
  defending spies: to steal gold from a player who holds some, else to spread propaganda.
- It makes armies where its borders are, workers where there are few, moves the armies
  of its inner provinces towards its borders, and sets its workers' aims: EFF when its
  EFF runs low, mining inside, missiles or levels on its borders.
- Its gold buys tech while it has more good attacks than attack lines, EFF when it is low,
  then levels, defense, missiles and spies.

Every chance is drawn from the ``rng`` given, so a plan is the same for the same seed."""

from __future__ import annotations

from collections import deque
from random import Random

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.standard.frontline import EVEN, garrison, open_to, taking_chance
from wtg.rules.wok.attacking import ATTACKS_MAX, attacks_allowed
from wtg.rules.wok.espionage import PROPAGANDA, SPY_ORDERS, STEAL_GOLD
from wtg.rules.wok.limits import (
    AIM_CHANGES,
    EFF_MAX,
    MOVE_ORDERS,
    POP_ARM_ORDERS,
    TRANSFORM_ORDERS,
    UNITS_PER_ORDER,
)
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.upgrades import UPGRADE_COSTS, UPGRADE_EFF
from wtg.rules.wok.warfare import BOMB_MISSILES_MAX, BOMB_ORDERS, SPOILS_POP_WOK, bomb_range

GOLD_PER_SPY = 10
"""Steal Gold: "Every spy used will steal 10 gold"."""
NEW_ARMIES = 48
"""POP made into armies an order: 12 armies (50 at most an order, 4 POP an army)."""
NEW_WORKERS = 20
"""POP made into 10 workers an order, where a province has few."""
FEW_WORKERS = 60
ARMY_POP = 60
"""The POP from which a province makes armies (it keeps some to grow)."""
WORKER_POP = 90
"""The POP from which a province makes workers as well."""
LOW_EFF = EFF_MAX - UPGRADE_EFF
"""The EFF below which a further EFF upgrade is gained whole."""
SECTION_ORDER = ("player", "turn", "bomb", "attack", "transform", "move", "aim", "upgrade", "spy")


class Plan:
    """The orders of one player for the coming turn, built section by section."""

    def __init__(self, state: WokState, player: int, rng: Random) -> None:
        self.state, self.player, self.rng = state, player, rng
        self.me = state.player(player)
        self.mine = sorted(state.provinces_of(player), key=lambda p: (-p.troops, p.id))
        self.owned = {p.id for p in self.mine}
        self.keep = {p.id: garrison(state, player, p) for p in self.mine}
        self.borders = [p for p in self.mine if any(n not in self.owned for n in p.neighbours)]
        self.good_attacks = 0
        self.sections: dict[str, list[Json]] = {}

    def orders(self) -> JsonObject:
        attacks = self.attacks()
        self.add("bomb", self.bombing([whole_int(a["to"]) for a in attacks]))
        self.add("attack", [*attacks])
        self.add("transform", self.transforms())
        self.add("move", self.moves())
        self.add("aim", self.aims())
        self.add("upgrade", [*self.upgrades()])
        self.add("spy", self.spying())
        orders: JsonObject = {"player": self.player, "turn": self.state.turn + 1}
        for key in SECTION_ORDER:
            if key in self.sections:
                orders[key] = self.sections[key]
        return orders

    def add(self, key: str, lines: list[Json]) -> None:
        if lines:
            self.sections[key] = lines

    def attacks(self) -> list[JsonObject]:
        """Each province's spare armies (beyond its garrison) at the neighbour they are
        favoured to take that is worth the most (80% of its POP comes with it, a player's
        province weakens him too), each target once, the best odds first, as many as the
        tech allows."""
        options: list[tuple[float, int, int, int]] = []
        for p in self.mine:
            spare = p.troops - self.keep[p.id]
            if spare < 1:
                continue
            for n in p.neighbours:
                target = self.state.province(n)
                if n in self.owned or not open_to(self.state, self.player, n):
                    continue
                chance = taking_chance(self.state, self.player, p, target, spare)
                if chance > EVEN:
                    worth = target.pop * SPOILS_POP_WOK // 100 + (1 if target.owner else 0)
                    options.append((-chance * (1 + worth), p.id, n, spare))
        options.sort()
        self.good_attacks = len({n for _, _, n, _ in options})
        budget = attacks_allowed(self.me.tech)
        used: set[int] = set()
        aimed: set[int] = set()
        lines: list[JsonObject] = []
        for _, source, aim, spare in options:
            if len(lines) == budget:
                break
            if source in used or aim in aimed:
                continue
            used.add(source)
            aimed.add(aim)
            lines.append({"from": source, "to": aim, "armies": spare})
        return lines

    def bombing(self, attacked: list[int]) -> list[Json]:
        """Every province with missiles fires them all (99 at most) at a province in reach
        that it attacks this turn, else at the one of a player in reach with the most
        armies; a province with nothing in reach keeps them."""
        lines: list[Json] = []
        for p in self.mine:
            if not p.mis or len(lines) == BOMB_ORDERS:
                continue
            near = {m for n in p.neighbours for m in self.state.province(n).neighbours}
            reach = [
                n
                for n in sorted(near | set(p.neighbours))
                if n not in self.owned
                and bomb_range(self.state, p.id, n)
                and open_to(self.state, self.player, n)
            ]
            targets = [n for n in attacked if n in reach and self.state.province(n).troops]
            if not targets:
                targets = sorted(
                    (
                        n
                        for n in reach
                        if self.state.province(n).owner and self.state.province(n).troops
                    ),
                    key=lambda n: (-self.state.province(n).troops, n),
                )
            if targets:
                missiles = min(p.mis, BOMB_MISSILES_MAX)
                lines.append({"from": p.id, "to": targets[0], "missiles": missiles})
        return lines

    def transforms(self) -> list[Json]:
        """Armies made in the border provinces with the most POP (3 orders at most), workers
        where there are few and POP enough."""
        lines: list[Json] = []
        makers = sorted(self.borders or self.mine, key=lambda p: (-p.pop, p.id))
        for p in makers[:POP_ARM_ORDERS]:
            if p.pop >= ARMY_POP:
                lines.append({"province": p.id, "kind": "POP-ARM", "amount": NEW_ARMIES})
        for p in sorted(self.mine, key=lambda p: (-p.pop, p.id)):
            if len(lines) == TRANSFORM_ORDERS:
                break
            if p.wok < FEW_WORKERS and p.pop >= WORKER_POP:
                lines.append({"province": p.id, "kind": "POP-WOK", "amount": NEW_WORKERS})
        return lines

    def moves(self) -> list[Json]:
        """The armies of the provinces with no foreign neighbour, 50 an order, to their
        neighbour nearest the border (a tie drawn)."""
        distance = self.to_border()
        lines: list[Json] = []
        for p in self.mine:
            steps = distance.get(p.id, 0)
            if not steps or p.troops < 1:
                continue
            nearer = [n for n in p.neighbours if n in distance and distance[n] < steps]
            if not nearer:
                continue
            best = min(distance[n] for n in nearer)
            to = self.rng.choice(sorted(n for n in nearer if distance[n] == best))
            armies = p.troops
            while armies > 0 and len(lines) < MOVE_ORDERS:
                amount = min(armies, UNITS_PER_ORDER)
                lines.append({"from": p.id, "to": to, "unit": "ARM", "amount": amount})
                armies -= amount
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

    def aims(self) -> list[Json]:
        """Up to 4 provinces, the most workers first: EFF in one while the EFF is low, the
        workers set to nothing by False Orders set going again, the inner provinces
        mining, the borders making missiles where a player is near and levels elsewhere."""
        wanted: list[tuple[Province, str]] = []
        by_workers = sorted(self.mine, key=lambda p: (-p.wok, p.id))
        eff_after = self.me.eff - len(self.mine)
        if by_workers and eff_after < LOW_EFF:
            wanted.append((by_workers[0], "EFF"))
        for p in by_workers[1:] if wanted else by_workers:
            foreign = [self.state.province(n) for n in p.neighbours if n not in self.owned]
            if not foreign:
                wanted.append((p, "MIN"))
            elif any(q.owner for q in foreign):
                wanted.append((p, "MIS" if p.mis < p.troops else "LEV"))
            else:
                wanted.append((p, "LEV" if p.troops else "MIN"))
        lines: list[Json] = []
        for p, aim in wanted:
            if len(lines) == AIM_CHANGES:
                break
            if aim != p.aim or p.idle:
                lines.append({"province": p.id, "aim": aim})
        return lines

    def upgrades(self) -> list[str]:
        """As many as the gold pays (100, 200, 300): TECH while it has more good attacks than
        attack lines, EFF while that is gained whole, LEV to attack with, DEF on a border
        a player threatens, then MIS and SPY."""
        wishes: list[str] = []
        if (
            self.good_attacks > attacks_allowed(self.me.tech)
            and attacks_allowed(self.me.tech) < ATTACKS_MAX
        ):
            wishes.append("TECH")
        if self.me.eff - len(self.mine) < LOW_EFF:
            wishes.append("EFF")
        wishes.append("LEV")
        if any(self.keep.values()):
            wishes.append("DEF")
        wishes += [w for w in ("TECH", "MIS", "SPY") if w not in wishes]
        gold, bought = self.me.gold, []
        for cost, wish in zip(UPGRADE_COSTS, wishes, strict=False):
            if gold < cost:
                break
            gold -= cost
            bought.append(wish)
        return bought

    def spying(self) -> list[Json]:
        """From each province with spies, at the neighbouring player's province whose spies
        they outnumber the most (a player of its own is never spied on): half of them, to
        steal gold where its owner holds some, else to spread propaganda."""
        lines: list[Json] = []
        for p in sorted(self.mine, key=lambda p: (-p.spy, p.id)):
            if len(lines) == SPY_ORDERS:
                break
            sent = p.spy // 2
            foes = [
                self.state.province(n)
                for n in p.neighbours
                if n not in self.owned
                and self.state.province(n).owner
                and open_to(self.state, self.player, n)
                and self.state.province(n).spy < sent
            ]
            if not foes:
                continue
            target = min(foes, key=lambda q: (q.spy, q.id))
            gold = self.state.player(target.owner).gold
            if gold >= GOLD_PER_SPY:
                spies = min(sent, max(gold // GOLD_PER_SPY, target.spy + 1))
                lines.append({"from": p.id, "to": target.id, "op": STEAL_GOLD, "spies": spies})
            else:
                lines.append({"from": p.id, "to": target.id, "op": PROPAGANDA, "spies": sent})
        return lines


def whole_int(value: Json) -> int:
    return value if isinstance(value, int) else 0


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    """The player's orders for the turn after ``state``."""
    return Plan(state, player, rng).orders()
