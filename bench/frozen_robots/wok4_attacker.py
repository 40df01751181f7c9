"""The built-in WoK IV player of rounds 34-35 (wtg/rules/wok4/strategy.py at commit 715bba1f,
on the frame of its day, copied into ``wok4_parts/``), frozen: "last", the second yardstick of
bench/bench_robots.py after the timid one of ``wok4.py``. It attacks on good odds and holds its
frontier; its tech points buy one trade of each kind a turn beyond the 200 of seven attacks,
its missiles fall only on what it attacks or on players. Keep it as it is.

Its docstring then:

The built-in WoK IV player, for the demo, the site's sample games, the benchmark and the
tests: a player that plays as a sensible human would (``wtg.rules.wok.frontplan``: garrisons
its neighbouring players are not favoured against, attacks where the battle's odds are good,
armies made on the borders, inner armies moved to them), with WoK IV's own parts:

- the odds are WoK IV's battle, where a tied round costs the attacker an army; its missiles
  reach neighbours and provinces numbered -3..+3; its tech points give its attacks;
- its workers make tech points (its inner provinces, and its borders facing only
  neutrals), spies, missiles and levels on its borders facing a player, EFF in one province
  while its EFF is low and its points cannot buy it yet; 4 aims changed a turn, the most
  workers first;
- its tech points buy +60% EFF when its EFF runs low, then the 350 trade (defense and
  levels everywhere), the 200 (levels) and the 150 (missiles and spies everywhere) with the
  points it has beyond the 200 that give 7 attacks;
- its spies steal population from a neighbouring player's province."""

from __future__ import annotations

from random import Random

from bench.frozen_robots.wok4_parts.frontplan import FrontPlan
from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wok.limits import AIM_CHANGES, EFF_MAX
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok4.constants import POP_PER_THIEF, SPY_ORDERS, TRADE_EFF_250
from wtg.rules.wok4.phases.spying import STEAL_POPULATION
from wtg.rules.wok4.reach import attacks_allowed, bomb_range

FROZEN_AT = "715bba1f"
EFF_TRADE = 250
BIG_TRADE = 350
LEV_TRADE = 200
"""+0.300 level to every army."""
SPY_TRADE = 150
SPIES_WANTED = 10
"""The spies a border facing a player makes before missiles and levels."""
"""+5 missiles and +2 spies in every province."""
SEVEN_ATTACKS = 200
"""The tech points that give the most attacks, kept through a trade that is not needed."""
LOW_EFF = EFF_MAX - TRADE_EFF_250
"""The EFF below which +60% is gained whole."""


class Wok4Plan(FrontPlan):
    tie_to_defender = True

    def attacks_allowed(self) -> int:
        return attacks_allowed(self.me.tech)

    def in_reach(self, source: Province, target: int) -> bool:
        return bomb_range(self.state, source.id, target) is not None

    def more(self) -> None:
        self.add("trade", [*self.trades()])
        self.add("aim", self.aims())
        self.add("spy", self.spying())

    def eff_after(self) -> int:
        """The EFF after the coming turn's loss of 1% a province."""
        return self.me.eff - len(self.mine)

    def trades(self) -> list[int]:
        points, bought = self.me.tech, []
        if self.eff_after() < LOW_EFF and points >= EFF_TRADE:
            points -= EFF_TRADE
            bought.append(EFF_TRADE)
        for trade in (BIG_TRADE, LEV_TRADE, SPY_TRADE):
            if points - trade >= SEVEN_ATTACKS:
                points -= trade
                bought.append(trade)
        return bought

    def aims(self) -> list[Json]:
        """Up to 4 provinces whose aim is not the one wanted, the most workers first: EFF in
        the one with the most workers while the EFF is low and no trade buys it; on a border
        facing a player spies while it has fewer than 10, else missiles while they are fewer
        than the armies there, else levels; TECH elsewhere."""
        by_workers = sorted(self.mine, key=lambda p: (-p.wok, p.id))
        wanted: dict[int, str] = {}
        if by_workers and self.eff_after() < LOW_EFF and self.me.tech < EFF_TRADE:
            wanted[by_workers[0].id] = "EFF"
        for p in by_workers:
            if p.id in wanted:
                continue
            if self.facing_players(p):
                wanted[p.id] = (
                    "SPY" if p.spy < SPIES_WANTED else "MIS" if p.mis < p.troops else "LEV"
                )
            else:
                wanted[p.id] = "TECH"
        lines: list[Json] = []
        for p in by_workers:
            if len(lines) == AIM_CHANGES:
                break
            if wanted[p.id] != p.aim and p.wok:
                lines.append({"province": p.id, "aim": wanted[p.id]})
        return lines

    def spying(self) -> list[Json]:
        """From each province with spies, half of them (one of one) steal population from
        the neighbouring player's province with the most (15 POP a spy), as many as it
        holds."""
        lines: list[Json] = []
        for p in sorted(self.mine, key=lambda p: (-p.spy, p.id)):
            if len(lines) == SPY_ORDERS:
                break
            foes = [
                self.state.province(n)
                for n in p.neighbours
                if self.state.province(n).owner not in (0, self.player)
                and self.state.province(n).pop >= POP_PER_THIEF
            ]
            sent = (p.spy + 1) // 2
            if not foes or not sent:
                continue
            target = max(foes, key=lambda q: (q.pop, -q.id))
            spies = min(sent, -(-target.pop // POP_PER_THIEF))
            lines.append({"from": p.id, "to": target.id, "op": STEAL_POPULATION, "spies": spies})
        return lines


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    """The player's orders for the turn after ``state``."""
    return Wok4Plan(state, player, rng).orders()
