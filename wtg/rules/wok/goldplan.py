"""What the built-in players of Standard and Intermediate WoK share on the ``FrontPlan``
frame (``frontplan.py``), both rulesets' gold and spies working alike:

- its tech level gives its attack lines, and its missiles reach two steps (``bomb_range``);
- its gold buys upgrades by need (100, 200, 300 a turn): TECH while it has more good attacks
  than attack lines, EFF while that is gained whole, LEV, TECH while a tech level pays in
  what its workers make (a ruleset's ``tech_pays``), DEF on a border a player threatens,
  then TECH, MIS and SPY;
- its spies go where they outnumber the defending spies (a player of its own is never spied
  on): half of them, to steal gold from a player who holds some, else to spread
  propaganda."""

from __future__ import annotations

from wtg.core.jsondata import Json
from wtg.rules.wok.attacking import ATTACKS_MAX, attacks_allowed
from wtg.rules.wok.espionage import GOLD_PER_THIEF, PROPAGANDA, SPY_ORDERS, STEAL_GOLD
from wtg.rules.wok.frontplan import FrontPlan
from wtg.rules.wok.limits import EFF_MAX
from wtg.rules.wok.protection import open_to
from wtg.rules.wok.state import Province
from wtg.rules.wok.upgrades import UPGRADE_COSTS, UPGRADE_EFF
from wtg.rules.wok.warfare import bomb_range

LOW_EFF = EFF_MAX - UPGRADE_EFF
"""The EFF below which a further EFF upgrade is gained whole."""


class GoldPlan(FrontPlan):
    """A ``FrontPlan`` whose gold buys upgrades and whose spies steal gold."""

    def attacks_allowed(self) -> int:
        return attacks_allowed(self.me.tech)

    def reachable(self, source: Province) -> list[int]:
        """Its neighbours and theirs (``bomb_range``: short and long), found from its own
        rather than by trying every province."""
        near = {m for n in source.neighbours for m in self.state.province(n).neighbours}
        return [
            n for n in sorted(near | set(source.neighbours)) if bomb_range(self.state, source.id, n)
        ]

    def more(self) -> None:
        self.add("aim", self.aims())
        self.add("upgrade", [*self.upgrades()])
        self.add("spy", self.spying())

    def aims(self) -> list[Json]:
        """The aims its workers are set to (a ruleset's own)."""
        raise NotImplementedError

    def eff_low(self) -> bool:
        """Whether its EFF, less a point a province, is below what an upgrade gains whole."""
        return self.me.eff - len(self.mine) < LOW_EFF

    def tech_pays(self) -> bool:
        """Whether a tech level pays for itself in what its workers make (a ruleset's own:
        none by default)."""
        return False

    def upgrades(self) -> list[str]:
        """As many as the gold pays (100, 200, 300): TECH while it has more good attacks than
        attack lines, EFF while that is gained whole, LEV, TECH while a tech level pays
        (``tech_pays``), DEF on a border a player threatens, then TECH, MIS and SPY."""
        wishes: list[str] = []
        lines = self.attacks_allowed()
        if self.good_attacks > lines and lines < ATTACKS_MAX:
            wishes.append("TECH")
        if self.eff_low():
            wishes.append("EFF")
        wishes.append("LEV")
        if self.tech_pays() and "TECH" not in wishes:
            wishes.append("TECH")
        if any(self.keep.values()):
            wishes.append("DEF")
        wishes += [w for w in ("TECH", "MIS", "SPY") if w not in wishes]
        gold, bought = self.me.gold or 0, []
        for cost, wish in zip(UPGRADE_COSTS, wishes, strict=False):
            if gold < cost:
                break
            gold -= cost
            bought.append(wish)
        return bought

    def spying(self) -> list[Json]:
        """From each province with spies, the most first, at the neighbouring player's
        province whose spies they outnumber the most: half of them, to steal gold where its
        owner holds some (as many as there is gold for, more than its spies), else to spread
        propaganda."""
        lines: list[Json] = []
        for p in sorted(self.mine, key=lambda p: (-p.spy, p.id)):
            if len(lines) == SPY_ORDERS:
                break
            sent = p.spy // 2
            foes = [
                self.state.province(n)
                for n in p.neighbours
                if self.state.province(n).owner not in (0, self.player)
                and open_to(self.state, self.player, n)
                and self.state.province(n).spy < sent
            ]
            if not foes:
                continue
            target = min(foes, key=lambda q: (q.spy, q.id))
            gold = self.state.player(target.owner).gold or 0
            if gold >= GOLD_PER_THIEF:
                spies = min(sent, max(gold // GOLD_PER_THIEF, target.spy + 1))
                lines.append({"from": p.id, "to": target.id, "op": STEAL_GOLD, "spies": spies})
            else:
                lines.append({"from": p.id, "to": target.id, "op": PROPAGANDA, "spies": sent})
        return lines
