"""The built-in WoK IV player of round 44 (wtg/rules/wok4/strategy.py at commit 6fb9a735),
frozen: "r44", the yardstick of bench/bench_robots.py ``--against r44``. It is round 43's
player (``wok4_r43.py``, which it reads) with what round 44 changed, copied here: on the
frame of its day (``wok4_r44_parts/frontplan.py``) it makes armies in every province, the
most POP first, and moves an inner province's new armies on in the same turn; it lays more
than one siege a turn, each cut to the salvos it needs, the first chosen by its chance times
the POP it brings, and sends idle missiles towards it (``wok4_r44_parts/siege.py``); while
its EFF is low, provinces facing no player work at TECH until the points a turn buy back the
EFF a turn costs. Its siege is chosen anew each turn from the state alone. Keep it as it is.
"""

from __future__ import annotations

from random import Random

from bench.frozen_robots import wok4_r43
from bench.frozen_robots.wok4_r44_parts.frontplan import FrontPlan
from bench.frozen_robots.wok4_r44_parts.siege import supplies
from bench.frozen_robots.wok4_siege_parts.battleodds import win_chance
from bench.frozen_robots.wok4_siege_parts.siege import Barrage, after, barrage
from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wok.limits import MOVE_ORDERS
from wtg.rules.wok.protection import open_to
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok4.constants import BOMB_ORDERS, TRADE_EFF_250

FROZEN_AT = "6fb9a735"
SURE = 0.9
"""The chance of taking a siege beyond which more of its missiles are not sent (they lay
another siege)."""


class Wok4Plan(wok4_r43.Wok4Plan, FrontPlan):
    """Round 43's player (its trades, spies, aims and mustering) on round 44's frame."""

    sieges: tuple[Barrage, ...] = ()
    """This turn's sieges, the first first."""
    firing: frozenset[int] = frozenset()
    """The provinces whose missiles fall this turn, once its bombing is planned."""
    for_upkeep: frozenset[int] = frozenset()
    """The provinces whose workers turn to TECH for the EFF's upkeep, once its aims are
    wanted."""

    def attacks(self) -> list[tuple[int, int, int]]:
        self.sieges = self.laying_sieges()
        self.siege = self.sieges[0] if self.sieges else None
        return FrontPlan.attacks(self)

    def after_bombing(self, target: Province) -> Province:
        for siege in self.sieges:
            if target.id == siege.target:
                return after(target, siege)
        return target

    def laying_sieges(self) -> tuple[Barrage, ...]:
        """The first siege, cut to the fewest of its salvos that leave it as likely to be
        taken, or 90% likely; then, while bombing orders are left, more sieges with the
        missiles of the other provinces, each favoured to be taken."""
        sieges: list[Barrage] = []
        sources = list(self.mine)
        lines = BOMB_ORDERS
        while lines:
            siege = self.siege_of(sources, lines)
            if siege is None or (sieges and self.siege_chance(siege) <= self.good_odds):
                break
            siege = self.enough(siege)
            sieges.append(siege)
            lines -= len(siege.salvos)
            fired = {source for source, _, _ in siege.salvos}
            sources = [p for p in sources if p.id not in fired]
        return tuple(sieges)

    def enough(self, siege: Barrage) -> Barrage:
        """The fewest of ``siege``'s salvos, the first first, whose chance of taking it is
        that of all of them, or 90%; all of them when even that is not better than even."""
        whole = self.siege_chance(siege)
        if whole <= self.good_odds:
            return siege
        for count in range(1, len(siege.salvos)):
            cut = Barrage(siege.target, siege.salvos[:count])
            if self.siege_chance(cut) >= min(whole, SURE):
                return cut
        return siege

    def siege_chance(self, siege: Barrage) -> float:
        """The chance that the spare troops next to the siege take it once its missiles
        fell (0: none spare)."""
        left = after(self.state.province(siege.target), siege)
        spare = {p.id: p.troops - self.keep[p.id] for p in self.mine}
        sources = [p for p in self.mine if siege.target in p.neighbours and spare[p.id] > 0]
        if not sources:
            return 0.0
        p_round = min(self.round_chance(self.player, q, left) for q in sources)
        return win_chance(sum(spare[p.id] for p in sources), left.troops, p_round)

    def siege_of(self, sources: list[Province], lines: int) -> Barrage | None:
        """The missiles of ``sources`` in reach of one neighbour not its own, all fired at
        it (``lines`` salvos at most): of those its spare troops around it are favoured to
        take once they have fallen, the one whose chance times its worth is the most; else
        the one they are likeliest to take, then the one with the fewest armies and defense
        left, the lowest number on a tie; None when no missile reaches a province with
        armies."""
        best: tuple[tuple[float, int, int, int], Barrage] | None = None
        for n in sorted({n for p in self.mine for n in p.neighbours} - self.owned):
            target = self.state.province(n)
            if not target.troops or not open_to(self.state, self.player, n):
                continue
            fired = barrage(self.state, self.me, sources, n)
            fired = Barrage(n, fired.salvos[:lines])
            if not fired.salvos:
                continue
            left = after(target, fired)
            chance = self.siege_chance(fired)
            if chance > self.good_odds:
                chance *= 1 + self.worth(target)
            key = (-chance, left.troops, left.dfn, n)
            if best is None or key < best[0]:
                best = (key, fired)
        return best[1] if best else None

    def army_makers(self) -> list[Province]:
        """Every province of its own, the most POP first."""
        return sorted(self.mine, key=lambda p: (-p.pop, p.id))

    def moves(self) -> list[Json]:
        """Round 43's, then the idle missiles sent towards the siege."""
        lines = super().moves()
        if self.siege is None:
            return lines
        fed = supplies(self.state, self.mine, self.siege.target, self.firing)
        return lines + fed[: MOVE_ORDERS - len(lines)]

    def bombing(self, attacked: list[int]) -> list[Json]:
        """Every siege's lines, then the frame's for the provinces with missiles they
        left."""
        lines: list[Json] = []
        fired: set[int] = set()
        for siege in self.sieges:
            lines += siege.lines()
            fired |= {source for source, _, _ in siege.salvos}
        for line in FrontPlan.bombing(self, attacked):
            if len(lines) == BOMB_ORDERS:
                break
            if isinstance(line, dict) and line.get("from") not in fired:
                lines.append(line)
        self.firing = frozenset(
            source
            for line in lines
            if isinstance(line, dict) and isinstance(source := line.get("from"), int)
        )
        return lines

    def wanted_aims(self) -> dict[int, str]:
        """Round 43's, with TECH for the EFF's upkeep (``upkeep``)."""
        wanted = super().wanted_aims()
        self.for_upkeep = self.upkeep(wanted)
        wanted.update({pid: "TECH" for pid in self.for_upkeep})
        return wanted

    def upkeep(self, wanted: dict[int, str]) -> frozenset[int]:
        """The provinces facing no player whose missiles (or levels) give way to TECH, the
        most workers first, until its TECH workers make the tech points a turn that buy back
        the EFF a turn costs."""
        tech = sum(p.wok for p in self.mine if wanted[p.id] == "TECH")
        chosen: set[int] = set()
        if not self.eff_low():
            return frozenset()
        upkeep_tech = -(-len(self.mine) * wok4_r43.EFF_TRADE // TRADE_EFF_250)
        for p in sorted(self.mine, key=lambda p: (-p.wok, p.id)):
            if tech >= upkeep_tech:
                break
            if wanted[p.id] in ("MIS", "LEV") and p.wok and not self.facing_players(p):
                chosen.add(p.id)
                tech += p.wok
        return frozenset(chosen)

    def keeps_aim(self, p: Province) -> bool:
        """Round 43's, unless the EFF's upkeep wants its workers at TECH."""
        return p.id not in self.for_upkeep and super().keeps_aim(p)


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    """The player's orders for the turn after ``state``."""
    return Wok4Plan(state, player, rng).orders()
