"""The built-in Standard WoK player, for the sample games of the site, the benchmarks and
the tests: a player that plays as a sensible human would. It reads the whole state (a demo
player, not a fair robot) and writes a canonical order dict, which its callers print into a
real AOF or check as an order file. It is a ``FrontPlan`` (``wtg.rules.wok.frontplan``) with
the gold and spies it shares with Intermediate's player (``wtg.rules.wok.goldplan``).

- It keeps in each province the garrison its neighbouring players' armies are not favoured
  against (``FrontPlan.garrison``, a player who QUIT counted as any other) and attacks with
  the rest, one province's armies a target, wherever the battle's odds favour it, the
  richest provinces first, as many attacks as its tech allows.
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

from random import Random

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wok.goldplan import GoldPlan
from wtg.rules.wok.limits import AIM_CHANGES
from wtg.rules.wok.protection import open_to
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.warfare import SPOILS_POP_WOK


class Plan(GoldPlan):
    """The orders of one player for the coming turn, built section by section on the frame
    of ``wtg.rules.wok.frontplan`` and ``wtg.rules.wok.goldplan``; its own are its attacks
    (one province's armies a target), its moves (the inner armies only) and its aims, and
    it reckons with the armies of a player who QUIT."""

    quitters_dig_in = False

    def attacks(self) -> list[tuple[int, int, int]]:
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
                chance = self.taking_chance(p, target, spare)
                if chance > self.good_odds:
                    worth = target.pop * SPOILS_POP_WOK // 100 + (1 if target.owner else 0)
                    options.append((-chance * (1 + worth), p.id, n, spare))
        options.sort()
        self.good_attacks = len({n for _, _, n, _ in options})
        budget = self.attacks_allowed()
        used: set[int] = set()
        aimed: set[int] = set()
        lines: list[tuple[int, int, int]] = []
        for _, source, aim, spare in options:
            if len(lines) == budget:
                break
            if source in used or aim in aimed:
                continue
            used.add(source)
            aimed.add(aim)
            lines.append((source, aim, spare))
        return lines

    def moves(self) -> list[Json]:
        """The armies of the provinces with no foreign neighbour, 50 an order, to their
        neighbour nearest the border (a tie drawn)."""
        return self.inner_moves()

    def aims(self) -> list[Json]:
        """Up to 4 provinces, the most workers first: EFF in one while the EFF is low, the
        workers set to nothing by False Orders set going again, the inner provinces
        mining, the borders making missiles where a player is near and levels elsewhere."""
        wanted: list[tuple[Province, str]] = []
        by_workers = sorted(self.mine, key=lambda p: (-p.wok, p.id))
        if by_workers and self.eff_low():
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


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    """The player's orders for the turn after ``state``."""
    return Plan(state, player, rng).orders()
