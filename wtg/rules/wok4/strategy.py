"""The built-in WoK IV player, for the demo, the site's sample games, the benchmark and the
tests: a player that plays as a sensible human would (``wtg.rules.wok.frontplan``: garrisons
its neighbouring players are not favoured against, attacks where the battle's odds are good,
armies made on the borders, inner armies moved to them), with WoK IV's own parts:

- the odds are WoK IV's battle, where a tied round costs the attacker an army; its missiles
  reach neighbours and provinces numbered -3..+3; its tech points give its attacks;
- it makes armies from 80 POP (the frame from 60), leaving more to grow, in the provinces
  with the most POP, inner ones too (their armies go to the border in the same turn);
- it lays siege (``siege.py``): the neighbour whose missiles in reach, once fallen on it,
  make it likeliest to be taken, reckoned with the armies and defense those missiles are
  expected to take, so a neutral grown too strong for its armies alone is worn down and
  taken; of those it is favoured to take, the one whose chance times its worth (the POP
  that comes with it) is the most; the missiles a siege needs no more for lay more sieges
  (its missiles left over fall as the frame says);
- the spare armies of a border that touches no siege march the whole way to one that
  touches the nearest siege in the same turn, and the missiles of a province that fires
  none a step towards the first;
- its spare armies reinforce a border against the next turn's attacks (the moves come after
  the attacks): against a neighbouring player's armies there and in his provinces next to
  it, which he may move in the same turn;
- its workers make tech points (its inner provinces, and its borders facing only
  neutrals once they hold missiles enough), missiles on a border facing neutrals while they
  are fewer than the armies of the strongest neutral its own armies outnumber (TECH there
  left its siege a few missiles a turn against neutrals that gain 2 armies and 0.2 defense
  a turn: on the small map they held most of the population for twenty turns), spies,
  missiles and levels on its borders facing a player, levels where 20 armies or more face
  the siege, EFF in one province while its EFF is low and its points cannot buy it yet,
  and while it is low TECH rather than missiles or levels where no player is next door, till
  the points a turn buy back the EFF a turn costs; 4
  aims changed a turn, the most workers first, an aim kept while its reason holds (no
  change back and forth as armies pass through or the siege moves);
- its tech points (those it has and those its workers make before the trades, PHASE III)
  buy +60% EFF when its EFF runs low (counting only the workers of provinces it is not
  likely to lose in PHASE II), then as many 350 trades (defense and levels everywhere),
  then 150s (missiles and spies everywhere), 200s and 100s as the 5 trade lines allow
  beyond the 200 points that give 7 attacks the next turn;
- all its spies steal population from a neighbouring player's province, never one it
  attacks this turn (taken, the theft would be skipped in PHASE VI);
- where a line may be skipped because the province is lost in PHASE II (``at_risk``: a
  neighbouring player is favoured to take it), its aims and spies come after the others'."""

from __future__ import annotations

from random import Random

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wok.battleodds import win_chance
from wtg.rules.wok.frontplan import FrontPlan
from wtg.rules.wok.limits import AIM_CHANGES, MOVE_ORDERS, UNITS_PER_ORDER
from wtg.rules.wok.protection import open_to
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok4.constants import (
    ATTACK_LINES,
    BOMB_ORDERS,
    LONG_RANGE_REACH,
    POP_PER_THIEF,
    SPY_ORDERS,
    TECH_MAX,
    TRADE_EFF_250,
    TRADE_LINES,
)
from wtg.rules.wok4.phases.spying import STEAL_POPULATION
from wtg.rules.wok4.phases.working import tech_made
from wtg.rules.wok4.reach import attacks_allowed, bomb_range, tech_for_attacks
from wtg.rules.wok4.siege import Barrage, after, barrage, nearer, steps_to, supplies

EFF_TRADE = 250
OTHER_TRADES = (350, 150, 200, 100)
"""The trades beyond EFF's, the one bought first first: 350 (+0.6 defense and +0.500 level
everywhere), 150 (+5 missiles and +2 spies in every province), 200 (+0.300 level), 100 (+0.3
defense)."""
SPIES_WANTED = 10
"""The spies a border facing a player makes before missiles and levels."""
LOW_EFF = 70
"""The EFF below which the player buys +60% (its attacks' power and its missiles' chance
are in proportion to it; the trade is cut short at 99, and worth it all the same)."""
ARMY_POP = 80
"""The POP from which a border province makes 12 armies (the frame's 60 left 12 to grow)."""
SEVEN_ATTACKS = tech_for_attacks(ATTACK_LINES)
"""The tech points kept through the trades: those of 7 attacks."""
LEVEL_ARMIES = 20
"""The armies from which a province facing the siege works at their level."""
SURE = 0.9
"""The chance of taking a siege beyond which more of its missiles are not sent (they lay
another siege)."""


class Wok4Plan(FrontPlan):
    tie_to_defender = True
    army_pop = ARMY_POP
    """It makes armies from 80 POP: the 32 that 48 taken leave grow by 20% a turn."""
    siege: Barrage | None = None
    """This turn's first siege, once its attacks are planned."""
    sieges: tuple[Barrage, ...] = ()
    """This turn's sieges, the first first."""
    firing: frozenset[int] = frozenset()
    for_upkeep: frozenset[int] = frozenset()
    """The provinces whose workers turn to TECH for the EFF's upkeep, once its aims are
    wanted."""
    """The provinces whose missiles fall this turn, once its bombing is planned."""

    def attacks_allowed(self) -> int:
        return attacks_allowed(self.me.tech)

    def in_reach(self, source: Province, target: int) -> bool:
        return bomb_range(self.state, source.id, target) is not None

    def reachable(self, source: Province) -> list[int]:
        """Its neighbours and the provinces numbered -3..+3 (``bomb_range``), found from its
        own number rather than by trying every province."""
        near = set(source.neighbours) | {
            n
            for n in range(source.id - LONG_RANGE_REACH, source.id + LONG_RANGE_REACH + 1)
            if self.state.has_province(n)
        }
        return [n for n in sorted(near) if bomb_range(self.state, source.id, n)]

    def reinforced(self, province: Province) -> int:
        """The garrison ``province`` needs against a neighbouring player's armies there and
        in his provinces next to it: the moves of PHASE IV come after the attacks of PHASE
        II, so its reinforcements stand there for the next turn's attacks, by when he may
        have moved his armies in as well (its garrison for this turn kept all the same)."""
        return max(self.need[province.id], self.garrison(province, gathered=True))

    def attacks(self) -> list[tuple[int, int, int]]:
        self.sieges = self.laying_sieges()
        self.siege = self.sieges[0] if self.sieges else None
        return super().attacks()

    def after_bombing(self, target: Province) -> Province:
        for siege in self.sieges:
            if target.id == siege.target:
                return after(target, siege)
        return target

    def laying_sieges(self) -> tuple[Barrage, ...]:
        """The first siege (``laying_siege``), cut to the fewest of its salvos that leave it
        as likely to be taken, or 90% likely; then, while bombing orders are left, more
        sieges with the missiles of the other provinces, each favoured to be taken. One
        siege with every missile in reach left the 5 bombing orders of a large empire on
        one province, twice what it took, while neutrals of 480 POP stood next to its
        armies."""
        sieges: list[Barrage] = []
        sources = list(self.mine)
        lines = BOMB_ORDERS
        while lines:
            siege = self.laying_siege(sources, lines)
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
        sources = [p for p in self.mine if siege.target in p.neighbours and self.spare(p) > 0]
        if not sources:
            return 0.0
        p_round = min(self.round_chance(self.player, q, left) for q in sources)
        return win_chance(sum(self.spare(p) for p in sources), left.troops, p_round)

    def spare(self, p: Province) -> int:
        """The troops ``p`` has beyond its garrison."""
        return p.troops - self.keep[p.id]

    def laying_siege(self, sources: list[Province], lines: int) -> Barrage | None:
        """The missiles of ``sources`` in reach of one neighbour not its own, all fired at
        it (``lines`` salvos at most): of those its spare troops around it are favoured to
        take once they have fallen, the one whose chance times its worth (``worth``) is
        the most; else the one they are likeliest to take, then the one with the fewest
        armies and defense left, the lowest number on a tie; None when no missile reaches
        a province with armies. (Chance alone chose a player's province of 64 POP over a
        neutral of 480 that the same missiles made as sure.)"""
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
        """Every province of its own, the most POP first: an inner province left to grow
        reaches the 400 POP that grow by 3% a turn where a border's 80 grow by 20%, so 48
        taken there cost the least growth; its armies go to the border in the same turn
        (``inner_moves``: the moves of PHASE IV come after the transformations). The
        frame's borders alone left the inner POP of a large empire idle, 36 armies a turn
        its only levy."""
        return sorted(self.mine, key=lambda p: (-p.pop, p.id))

    def moves(self) -> list[Json]:
        """The frame's, then the armies and the idle missiles gathered by the siege
        (``mustering``, ``supplies``), as many as the 7 move orders allow."""
        lines = super().moves()
        lines += self.mustering(lines)[: MOVE_ORDERS - len(lines)]
        if self.siege is None:
            return lines
        fed = supplies(self.state, self.mine, self.siege.target, self.firing)
        return lines + fed[: MOVE_ORDERS - len(lines)]

    def mustering(self, earlier: list[Json]) -> list[Json]:
        """The spare troops of a border province that neither attacks nor borders a siege,
        50 at most, the whole way through its own provinces to one next to the nearest of
        this turn's sieges (``steps_to``; a line a step, to the lowest-numbered neighbour
        nearer, as the missiles go), as many steps as the 7 move orders allow: the armies
        gather where the missiles fall. A province keeps what it is to hold (``held``), and
        one that earlier lines reinforce sends none (no armies passing each other). Armies
        that marched a step a turn to the first siege stood in the provinces between at the
        turn's end, where the inner moves sent them back to the nearest border, or the next
        turn's siege elsewhere turned them round: in 20 turns a seat marched a tenth of the
        armies it moved back the way they came. A border next to any siege stays by it,
        though another is laid first."""
        if not self.sieges:
            return []
        ways = [steps_to(self.state, self.mine, siege.target) for siege in self.sieges]
        marching = {source for source, _, _ in self.sent}
        moved = {line[end] for line in earlier if isinstance(line, dict) for end in ("from", "to")}
        room = MOVE_ORDERS - len(earlier)
        lines: list[Json] = []
        for p in self.borders:
            spare = p.troops - self.held(p)
            reach = [steps for steps in ways if p.id in steps]
            if p.id in marching or p.id in moved or spare < 1 or not reach:
                continue
            steps = min(reach, key=lambda steps: steps[p.id])
            amount = min(spare, UNITS_PER_ORDER)
            at = p.id
            while steps[at] and len(lines) < room:
                to = nearer(self.state, at, steps)
                lines.append({"from": at, "to": to, "unit": self.troop_unit, "amount": amount})
                at = to
        return lines

    def bombing(self, attacked: list[int]) -> list[Json]:
        """The siege's lines, then the frame's for the provinces with missiles it left."""
        lines: list[Json] = []
        fired: set[int] = set()
        for siege in self.sieges:
            lines += siege.lines()
            fired |= {source for source, _, _ in siege.salvos}
        for line in super().bombing(attacked):
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

    def more(self) -> None:
        self.add("trade", [*self.trades()])
        self.add("aim", self.aims())
        self.add("spy", self.spying())

    def eff_after(self) -> int:
        """The EFF after the coming turn's loss of 1% a province."""
        return self.me.eff - len(self.mine)

    def eff_low(self) -> bool:
        """Whether its EFF after the coming turn's loss is below ``LOW_EFF``."""
        return self.eff_after() < LOW_EFF

    def at_risk(self) -> frozenset[int]:
        """Its provinces a neighbouring player is favoured to take this turn: those whose
        troops, less the ones this turn's attacks send, are fewer than their garrison needs
        (nearly half of them are lost in PHASE II, a province that keeps its garrison
        seldom). An order there that runs after the attacks (a trade counting its tech
        workers, a spy sent from it) is likely skipped."""
        sent: dict[int, int] = {}
        for source, _, troops in self.sent:
            sent[source] = sent.get(source, 0) + troops
        return frozenset(p.id for p in self.mine if p.troops - sent.get(p.id, 0) < self.need[p.id])

    def tech_at_trades(self) -> int:
        """The tech points it has and those its TECH workers make in PHASE III, before the
        trades of PHASE V."""
        return min(TECH_MAX, self.me.tech + tech_made(self.mine))

    def sure_tech(self) -> int:
        """The tech points it has and those its TECH workers make in the provinces it is not
        likely to lose in PHASE II (``at_risk``): what a trade with no 200 points kept
        beside it may count on, or be skipped."""
        at_risk = self.at_risk()
        safe = [p for p in self.mine if p.id not in at_risk]
        return min(TECH_MAX, self.me.tech + tech_made(safe))

    def trades(self) -> list[int]:
        """+60% EFF when it runs low and the points it is sure of pay for it
        (``sure_tech``); then the other trades, the 350 first, as many as the points allow
        beyond the 200 that give 7 attacks the next turn (the count is read from the points
        the turn ends with, ruling 6): those 200 kept, what a lost province's workers did
        not make or a missile bombed away leaves them paid. Its points are those it has and
        those its TECH workers make in PHASE III, before the trades of PHASE V."""
        points = self.tech_at_trades()
        bought: list[int] = []
        if self.eff_low() and self.sure_tech() >= EFF_TRADE:
            points -= EFF_TRADE
            bought.append(EFF_TRADE)
        for trade in OTHER_TRADES:
            while len(bought) < TRADE_LINES and points - trade >= SEVEN_ATTACKS:
                points -= trade
                bought.append(trade)
        return bought

    def aims(self) -> list[Json]:
        """Up to 4 provinces whose aim is not the one wanted (``wanted_aims``) and whose
        aim has lost its reason (``keeps_aim``), the most workers first, those it is not
        likely to lose this turn before the others (an aim of a province lost in PHASE II
        is skipped)."""
        wanted = self.wanted_aims()
        at_risk = self.at_risk()
        by_workers = sorted(self.mine, key=lambda p: (p.id in at_risk, -p.wok, p.id))
        lines: list[Json] = []
        for p in by_workers:
            if len(lines) == AIM_CHANGES:
                break
            if wanted[p.id] != p.aim and p.wok and not self.kept_aim(p):
                lines.append({"province": p.id, "aim": wanted[p.id]})
        return lines

    def wanted_aims(self) -> dict[int, str]:
        """Each province's aim: EFF in the one with the most workers while the EFF is low
        and no trade buys it; on a border facing a player spies while it has fewer than 10,
        else missiles while they are fewer than the armies there, else levels; levels where
        20 armies or more face the siege; missiles on a border facing neutrals while they
        are fewer than the armies of the strongest neutral its own armies outnumber
        (``neutral_aim``: the missiles open it for them); TECH elsewhere."""
        by_workers = sorted(self.mine, key=lambda p: (-p.wok, p.id))
        wanted: dict[int, str] = {}
        if by_workers and self.eff_low() and EFF_TRADE not in self.trades():
            wanted[by_workers[0].id] = "EFF"
        for p in by_workers:
            if p.id in wanted:
                continue
            if self.facing_players(p):
                wanted[p.id] = (
                    "SPY" if p.spy < SPIES_WANTED else "MIS" if p.mis < p.troops else "LEV"
                )
            elif (
                self.siege is not None
                and self.siege.target in p.neighbours
                and p.troops >= LEVEL_ARMIES
            ):
                wanted[p.id] = "LEV"
            else:
                wanted[p.id] = "MIS" if p.mis < self.neutral_aim(p) else "TECH"
        self.for_upkeep = self.upkeep(wanted)
        wanted.update({pid: "TECH" for pid in self.for_upkeep})
        return wanted

    def upkeep(self, wanted: dict[int, str]) -> frozenset[int]:
        """The provinces facing no player whose missiles (or levels) give way to TECH, the
        most workers first, until its TECH workers make the tech points a turn that buy back
        the EFF a turn costs (1% a province; 250 points buy 60%: ``upkeep_tech``). Missiles
        on every border facing neutrals left the player before with no TECH but its inner
        provinces: with six provinces of its own and none inside, its EFF fell 6% a turn
        to 1%, and its attacks' power and its missiles' chance with it."""
        tech = sum(p.wok for p in self.mine if wanted[p.id] == "TECH")
        chosen: set[int] = set()
        if not self.eff_low():
            return frozenset()
        for p in sorted(self.mine, key=lambda p: (-p.wok, p.id)):
            if tech >= self.upkeep_tech():
                break
            if wanted[p.id] in ("MIS", "LEV") and p.wok and not self.facing_players(p):
                chosen.add(p.id)
                tech += p.wok
        return frozenset(chosen)

    def upkeep_tech(self) -> int:
        """The tech points a turn whose 250 trades buy back the EFF a turn costs."""
        return -(-len(self.mine) * EFF_TRADE // TRADE_EFF_250)

    def neutral_aim(self, p: Province) -> int:
        """The armies of the strongest neutral next to ``p`` that ``p``'s own troops
        outnumber (0: none): its missiles wear that one down for its armies to take, where
        TECH would leave the siege a few missiles a turn against neutrals that gain 2 armies
        and 0.2 defense a turn (one its armies do not outnumber it would open for another
        player)."""
        return max(
            (
                q.troops
                for q in (self.state.province(n) for n in p.neighbours)
                if not q.owner and 0 < q.troops <= p.troops
            ),
            default=0,
        )

    def kept_aim(self, p: Province) -> bool:
        """Whether ``p`` keeps its aim though another is wanted (``keeps_aim``), unless the
        EFF's upkeep wants its workers at TECH."""
        return p.id not in self.for_upkeep and self.keeps_aim(p)

    def keeps_aim(self, p: Province) -> bool:
        """Whether ``p``'s aim still has its reason though another is wanted, so that a
        province does not change back and forth from turn to turn as the armies moving
        through it or the siege's target change (each change back wastes the work of the
        turn before): missiles on a border facing no player while a neutral next to it has
        more armies than it has missiles (its own armies, which come and go, chose it),
        missiles on a border facing a player while they are fewer than the armies there,
        levels on a border facing no player while 20 armies or more stand there (the siege
        moves from neutral to neutral). Spies, EFF, TECH and DEF give way to what is
        wanted."""
        facing = self.facing_players(p)
        if p.aim == "MIS":
            if facing:
                return p.mis < p.troops
            return any(
                not q.owner and q.troops > p.mis
                for q in (self.state.province(n) for n in p.neighbours)
            )
        if p.aim == "LEV":
            return (
                not facing
                and p.troops >= LEVEL_ARMIES
                and any(n not in self.owned for n in p.neighbours)
            )
        return False

    def spying(self) -> list[Json]:
        """From each province with spies, all of them steal population from the
        neighbouring player's province with the most (15 POP a spy), as many as it holds:
        a spy kept at home only gives a thief there a 1% chance more of being caught. Not
        from a province it is likely to lose in PHASE II, nor in one it attacks this turn
        (taken, it is its own by PHASE VI: the order would be skipped)."""
        attacked = {target for _, target, _ in self.sent}
        at_risk = self.at_risk()
        lines: list[Json] = []
        for p in sorted(self.mine, key=lambda p: (p.id in at_risk, -p.spy, p.id)):
            if len(lines) == SPY_ORDERS:
                break
            foes = [
                self.state.province(n)
                for n in p.neighbours
                if self.state.province(n).owner not in (0, self.player)
                and self.state.province(n).pop >= POP_PER_THIEF
                and n not in attacked
            ]
            if not foes or not p.spy:
                continue
            target = max(foes, key=lambda q: (q.pop, -q.id))
            spies = min(p.spy, -(-target.pop // POP_PER_THIEF))
            lines.append({"from": p.id, "to": target.id, "op": STEAL_POPULATION, "spies": spies})
        return lines


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    """The player's orders for the turn after ``state``."""
    return Wok4Plan(state, player, rng).orders()
