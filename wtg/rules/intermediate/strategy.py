"""The built-in Intermediate WoK player, for the site's sample games, the benchmark and the
tests: a player that plays as a sensible human would (``wtg.rules.wok.frontplan``: garrisons
its neighbouring players are not favoured against, attacks where the battle's odds are good,
armies made on the borders, inner troops moved to them as TRO; ``wtg.rules.wok.goldplan``,
which it shares with Standard: gold upgrades, spies, tech and reach), with Intermediate's
own parts:

- the odds count the terrain's bonus: 0.05 level for the share of a side's troops that
  prefer the ground fought on; its missiles reach two steps; its tech level gives its
  attacks;
- its workers make missiles and train levels on its borders facing a player, train levels
  on the others (where troops are: "WOK / (ARM X LEV)"), mine gold inside, make EFF in one
  province while its EFF runs low, and work the aim their terrain favours (+50%) where
  that is one of those;
- its gold buys tech while it has more good attacks than attack lines, EFF when it is low,
  then levels, tech while its workers' 5% more a tech level makes up the price in
  ``TECH_PAYBACK`` turns, then defense, missiles and spies (100, 200, 300 a turn);
- its wood turns the armies of a border facing a player into the troops that like the
  province's ground (5 WOOD each);
- its spies steal gold from a neighbouring player who holds some, else spread propaganda;
- from turn 10 it votes to end the game when another player holds more provinces."""

from __future__ import annotations

from random import Random

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.intermediate.constants import TECH_BONUS, TERRAIN_AIM, WOOD_ARM_TO_TROOP
from wtg.rules.wok.goldplan import GoldPlan
from wtg.rules.wok.limits import AIM_CHANGES, UNITS_PER_ORDER
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.troops import preferred_kind, terrain_bonus, troop_mix
from wtg.rules.wok.upgrades import UPGRADE_COSTS

UNIT_OF = {"arm": "ARM", "pik": "PIK", "arc": "ARC", "kni": "KNI", "cat": "CAT"}
VOTE_FROM_TURN = 10
TRAINED = ("MIN", "EFF", "LEV")
"""The favoured aims it works where the terrain favours them."""
TECH_PAYBACK = 10
"""The turns in which a tech level's 5% more work must make up its price (a worker's turn
counted as the gold a miner makes)."""


class IntermediatePlan(GoldPlan):
    troop_unit = "TRO"

    def level_bonus(self, troops: Province, ground: Province) -> int:
        return terrain_bonus(troop_mix(troops), troops.troops, ground.terrain)

    def tech_pays(self) -> bool:
        """Whether its workers' 5% more (a tech level's) makes up the first upgrade's price in
        ``TECH_PAYBACK`` turns, a worker's turn worth a gold."""
        gained = sum(p.wok for p in self.mine) * TECH_BONUS * TECH_PAYBACK  # in hundredths
        return gained >= 100 * UPGRADE_COSTS[0]

    def more(self) -> None:
        self.add("upgrade_troops", self.troop_changes())
        super().more()
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
        if by_workers and self.eff_low():
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

    def behind(self) -> bool:
        """From turn 10 on, whether another player holds more provinces."""
        counts = [self.state.count_of(p.id) for p in self.state.players if p.standing]
        return self.state.turn + 1 >= VOTE_FROM_TURN and len(self.mine) < max(counts)


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    """The player's orders for the turn after ``state``."""
    return IntermediatePlan(state, player, rng).orders()
