"""The frame of the WoK IV player of rounds 37-43 (``wtg/rules/wok/frontplan.py`` at commit
2bd89d41), frozen: round 36's frame (``wok4_siege_parts/frontplan.py``), which it grew from,
with what it added, copied here: a garrison reckoned with the armies a neighbouring player
may gather next door (``gathering``), and a province kept through the moves at what it is to
hold (``held``, ``reinforced``). Keep it as it is."""

from __future__ import annotations

from bench.frozen_robots.wok4_siege_parts.battleodds import least_holding
from bench.frozen_robots.wok4_siege_parts.frontplan import FrontPlan as Round36Plan
from wtg.core.jsondata import Json
from wtg.rules.wok.limits import UNITS_PER_ORDER
from wtg.rules.wok.protection import open_to
from wtg.rules.wok.state import Province


class FrontPlan(Round36Plan):
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
