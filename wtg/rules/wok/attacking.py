"""Attacking as Standard and Intermediate WoK have it: "You can only attack a neighbouring
province. At the start of the game, you have three attacks. Increasing your tech level will
unlock additional attacks, up to a maximum of seven." and "Only valid orders count towards
your attack limit, but you can only ever enter seven orders".

Troops are a mix of kinds (``wtg.rules.wok.troops``): an attack takes the number of troops
ordered, plain armies first; on a province with a terrain, troops of the kind preferring it
add to their side's level. Without troop types or terrain this is Standard WoK's attack."""

from __future__ import annotations

from collections.abc import Callable

from wtg.core.events import Event
from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.rules.wok.combat import Force, attack_top, clash, defense_top, standing
from wtg.rules.wok.events import Battle
from wtg.rules.wok.limits import LEV_MAX, NEUTRAL_EFF
from wtg.rules.wok.orders import Attack
from wtg.rules.wok.protection import forbidden
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.troops import Mix, set_troops, take_troops, terrain_bonus, troop_mix
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.warfare import conquer, eliminate_if_last

ATTACKS_BASE = 3
ATTACKS_MAX = 7
ATTACK_LINES = 7
LEV_GAIN_ATTACKER_WINS = 6
LEV_GAIN_DEFENDER_WINS = 3
LEV_GAIN_EMPTY = 200_000
"""Into an empty province: 0.2 / level, i.e. 200,000 / level in thousandths."""


class Fought(Record):
    """A battle as it went: each side's troops by kind before and after it."""

    attacker: int
    defender: int
    source: int
    province: int
    sent: Mix
    defending: Mix
    attackers_left: Mix
    defenders_left: Mix
    rounds: int
    recovered: int
    conquered: bool
    level_bonus: int
    terrain: str | None
    attacker_bonus: int
    """The terrain bonus to the level (thousandths) when the battle began."""
    defender_bonus: int

    @property
    def armies(self) -> int:
        """The attacking troops, every kind counted."""
        return sum(self.sent.values())

    @property
    def defenders(self) -> int:
        return sum(self.defending.values())

    @property
    def attacker_losses(self) -> int:
        return self.armies - sum(self.attackers_left.values())

    @property
    def defender_losses(self) -> int:
        return self.defenders - sum(self.defenders_left.values())

    @property
    def seen_by(self) -> frozenset[int]:
        """Both sides (a neutral defender is nobody)."""
        return frozenset({self.attacker, self.defender} - {0})


def plain_battle(fought: Fought) -> Event:
    return Battle(
        attacker=fought.attacker,
        defender=fought.defender,
        source=fought.source,
        province=fought.province,
        armies=fought.armies,
        defenders=fought.defenders,
        rounds=fought.rounds,
        attacker_losses=fought.attacker_losses,
        defender_losses=fought.defender_losses,
        recovered=fought.recovered,
        conquered=fought.conquered,
        level_bonus=fought.level_bonus,
        visible_to=fought.seen_by,
    )


def attacks_allowed(tech_level: int) -> int:
    """Three attacks at the start; "Increasing your tech level will unlock additional attacks,
    up to a maximum of seven": one more a tech level (ruling)."""
    return min(ATTACKS_MAX, ATTACKS_BASE + tech_level)


ARMIES = ("army", "armies")
"""What an attack line sends, one and many, as a report says it: Standard's armies."""
TROOPS = ("troop", "troops")
"""Intermediate's: its attack lines send troops of every kind (their column is TRO)."""


def attack_phase(
    turn: Turn,
    phase: str,
    report: Callable[[Fought], Event] = plain_battle,
    sent: tuple[str, str] = ARMIES,
) -> None:
    """Every player's attack orders in the Order of Play; ``report`` makes a battle's event;
    ``sent``: what a line sends, as a line not executed says it (``ARMIES``, ``TROOPS``)."""
    for player, orders in turn.players_in_order():
        allowed = attacks_allowed(player.tech)
        done = 0
        for order in orders.attack[:ATTACK_LINES]:
            if done == allowed or not player.standing:
                break
            done += _attack(turn, phase, player, order, report, sent)


def _attack(
    turn: Turn,
    phase: str,
    player: Player,
    order: Attack,
    report: Callable[[Fought], Event],
    unit: tuple[str, str],
) -> bool:
    """True when the order was valid (and so counts toward the limit)."""
    sent = counted(order.armies, *unit)
    text = f"attack {order.target} from {order.source} with {sent}"
    pair = turn.own_and_next(player.id, order.source, order.target, phase, text)
    if pair is None:
        return False
    source, target = pair
    reason = (
        "it is already yours"
        if target.owner == player.id
        else forbidden(turn, player.id, target.id)
    )
    if not reason and source.troops < 1:
        reason = f"no {unit[1]} left in province {turn.state.named(source.id)}"
    if reason:
        turn.skip(player.id, phase, text, reason + " (ignored: it does not count)")
        return False
    battle(turn, player, source, target, take_troops(source, order.armies), report)
    return True


def battle(
    turn: Turn,
    player: Player,
    source: Province,
    target: Province,
    sent: Mix,
    report: Callable[[Fought], Event] = plain_battle,
) -> None:
    """``sent`` (already taken from ``source``) attacks ``target``. PATT = EFF x 10 x (level +
    bonus level), PDEF = EFF x (10 x (level + bonus level) + 4 x defense); the bonus is the
    terrain's (none without terrain). Neutrals fight at 99% EFF (ruling)."""
    defender = target.owner
    def_eff = turn.state.player(defender).eff if defender else NEUTRAL_EFF
    attackers, defenders = Force(standing(sent)), Force(troop_mix(target))
    att_start, def_start = attackers.count, defenders.count
    terrain = target.terrain
    rounds, recovered = clash(
        turn.rng,
        attackers,
        lambda side: attack_top(
            source.lev + terrain_bonus(side.troops, att_start, terrain), player.eff
        ),
        defenders,
        lambda side: defense_top(
            target.lev + terrain_bonus(side.troops, def_start, terrain), target.dfn, def_eff
        ),
    )
    conquered = defenders.count == 0
    if not def_start:
        bonus = LEV_GAIN_EMPTY // source.lev
    elif conquered:
        bonus = LEV_GAIN_ATTACKER_WINS * rounds
    else:
        bonus = LEV_GAIN_DEFENDER_WINS * rounds
    defending = troop_mix(target)
    if conquered:
        conquer(turn.state, target, player.id, attackers.troops, min(LEV_MAX, source.lev + bonus))
        if player.robot:
            player.last_taken = target.id
    else:
        set_troops(target, defenders.troops)
        target.lev = min(LEV_MAX, target.lev + bonus)
    fought = Fought(
        attacker=player.id,
        defender=defender,
        source=source.id,
        province=target.id,
        sent=standing(sent),
        defending=defending,
        attackers_left=attackers.troops,
        defenders_left=defenders.troops,
        rounds=rounds,
        recovered=recovered,
        conquered=conquered,
        level_bonus=bonus,
        terrain=terrain,
        attacker_bonus=terrain_bonus(sent, att_start, terrain),
        defender_bonus=terrain_bonus(defending, def_start, terrain),
    )
    turn.emit(report(fought))
    if conquered:
        eliminate_if_last(turn, defender, player.id, target.id)
