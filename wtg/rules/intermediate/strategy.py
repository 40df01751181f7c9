"""The built-in Intermediate WoK player, for the site's sample games, the benchmark and the
tests: a player that plays as a sensible human would (``wtg.rules.wok.frontplan``: garrisons
its neighbouring players are not favoured against, attacks where the battle's odds are good,
armies made on the borders, inner troops moved to them as TRO), with Intermediate's own
parts:

- the odds count the terrain's bonus: 0.05 level for the share of a side's troops that
  prefer the ground fought on; its missiles reach two steps; its tech level gives its
  attacks;
- its workers make missiles and train levels on its borders facing a player, train levels
  on the others (where troops are: "WOK / (ARM X LEV)"), mine gold inside, make EFF in one
  province while its EFF runs low, and work the aim their terrain favours (+50%) where
  that is one of those;
- its gold buys tech while it has more good attacks than attack lines, EFF when it is low,
  then levels, defense, missiles and spies (100, 200, 300 a turn);
- its wood turns the armies of a border facing a player into the troops that like the
  province's ground (5 WOOD each);
- its spies steal gold from a neighbouring player who holds some, else spread propaganda;
- from turn 10 it votes to end the game when another player holds more provinces."""

from __future__ import annotations

from random import Random

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.intermediate.constants import TERRAIN_AIM, WOOD_ARM_TO_TROOP
from wtg.rules.wok.attacking import ATTACKS_MAX, attacks_allowed
from wtg.rules.wok.espionage import GOLD_PER_THIEF, PROPAGANDA, SPY_ORDERS, STEAL_GOLD
from wtg.rules.wok.frontplan import FrontPlan
from wtg.rules.wok.limits import AIM_CHANGES, EFF_MAX, UNITS_PER_ORDER
from wtg.rules.wok.protection import open_to
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.troops import preferred_kind, terrain_bonus, troop_mix
from wtg.rules.wok.upgrades import UPGRADE_COSTS, UPGRADE_EFF
from wtg.rules.wok.warfare import bomb_range

LOW_EFF = EFF_MAX - UPGRADE_EFF
"""The EFF below which a further EFF upgrade is gained whole."""
UNIT_OF = {"arm": "ARM", "pik": "PIK", "arc": "ARC", "kni": "KNI", "cat": "CAT"}
VOTE_FROM_TURN = 10
TRAINED = ("MIN", "EFF", "LEV")
"""The favoured aims it works where the terrain favours them."""


class IntermediatePlan(FrontPlan):
    troop_unit = "TRO"

    def attacks_allowed(self) -> int:
        return attacks_allowed(self.me.tech)

    def in_reach(self, source: Province, target: int) -> bool:
        return bomb_range(self.state, source.id, target) is not None

    def level_bonus(self, troops: Province, ground: Province) -> int:
        return terrain_bonus(troop_mix(troops), troops.troops, ground.terrain)

    def more(self) -> None:
        self.add("upgrade_troops", self.troop_changes())
        self.add("aim", self.aims())
        self.add("upgrade", [*self.upgrades()])
        self.add("spy", self.spying())
        if self.behind():
            self.sections["vote_end"] = True

    def troop_changes(self) -> list[Json]:
        """In each border province facing a player, its armies beyond those marching (50 at
        most) become the troops that prefer its ground, while the wood lasts."""
        wood = self.me.wood or 0
        marching = {source for source, _, _ in self.sent}
        lines: list[Json] = []
        for p in self.borders:
            kind = preferred_kind(p.terrain)
            if kind is None or p.id in marching or not self.facing_players(p):
                continue
            amount = min(p.arm, UNITS_PER_ORDER, wood // WOOD_ARM_TO_TROOP)
            if amount:
                wood -= WOOD_ARM_TO_TROOP * amount
                to = UNIT_OF[kind]
                lines.append({"province": p.id, "from": "ARM", "to": to, "amount": amount})
        return lines

    def aims(self) -> list[Json]:
        """Up to 4 provinces whose aim is not the one wanted, the most workers first: EFF in
        the one with the most while the EFF runs low; on a border facing a player missiles
        while they are fewer than the troops there, else levels; the favoured aim where the
        terrain favours MIN, EFF or LEV, LEV on a border with troops to train, MIN elsewhere;
        the workers set to nothing by False Orders set going again."""
        by_workers = sorted(self.mine, key=lambda p: (-p.wok, p.id))
        wanted: dict[int, str] = {}
        if by_workers and self.me.eff - len(self.mine) < LOW_EFF:
            wanted[by_workers[0].id] = "EFF"
        for p in by_workers:
            favoured = TERRAIN_AIM.get(p.terrain or "")
            if p.id in wanted:
                continue
            if self.facing_players(p):
                wanted[p.id] = "MIS" if p.mis < p.troops else "LEV"
            elif favoured in TRAINED and (favoured != "LEV" or p.troops):
                wanted[p.id] = favoured
            else:
                wanted[p.id] = "LEV" if p in self.borders and p.troops else "MIN"
        lines: list[Json] = []
        for p in by_workers:
            if len(lines) == AIM_CHANGES:
                break
            if (wanted[p.id] != p.aim or p.idle) and p.wok:
                lines.append({"province": p.id, "aim": wanted[p.id]})
        return lines

    def upgrades(self) -> list[str]:
        """As many as the gold pays (100, 200, 300): TECH while it has more good attacks than
        attack lines, EFF while that is gained whole, LEV, DEF on a border a player
        threatens, then TECH, MIS and SPY."""
        wishes: list[str] = []
        lines = attacks_allowed(self.me.tech)
        if self.good_attacks > lines and lines < ATTACKS_MAX:
            wishes.append("TECH")
        if self.me.eff - len(self.mine) < LOW_EFF:
            wishes.append("EFF")
        wishes.append("LEV")
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
        """From each province with spies, at the neighbouring player's province whose spies
        they outnumber the most: half of them, to steal gold where its owner holds some,
        else to spread propaganda."""
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

    def behind(self) -> bool:
        """From turn 10 on, whether another player holds more provinces."""
        counts = [self.state.count_of(p.id) for p in self.state.players if p.standing]
        return self.state.turn + 1 >= VOTE_FROM_TURN and len(self.mine) < max(counts)


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    """The player's orders for the turn after ``state``."""
    return IntermediatePlan(state, player, rng).orders()
