"""Order checks Standard and Intermediate WoK share: bombing a neighbour or a neighbour's
neighbour, attacks, upgrades, spying and the vote to end the game."""

from __future__ import annotations

from collections.abc import Mapping

from wtg.core.orders import RawEntry
from wtg.core.plurals import counted
from wtg.rules.wok.accept import Check, Context, bomb_checker, limit, spy_checked
from wtg.rules.wok.attacking import ATTACK_LINES, attacks_allowed
from wtg.rules.wok.espionage import OP_NAMES, SPY_ORDERS
from wtg.rules.wok.upgrades import UPGRADE_COSTS, UPGRADES
from wtg.rules.wok.warfare import BOMB_ORDERS, bomb_range

check_bomb: Check = bomb_checker(
    BOMB_ORDERS, bomb_range, lambda state, source: "a neighbour or a neighbour's neighbour"
)


def check_attack(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """ "Only valid orders count towards your attack limit, but you can only ever enter seven
    orders": which orders are valid is known only when they run, so all seven are kept; a
    line beyond the attacks allowed is noted as running only if an earlier one is ignored.
    "Players can enter attack instructions based upon which provinces they believe they will
    conquer during the turn, and will attack from those newly-conquered provinces": an attack
    may start from a province an earlier accepted attack line sets out to take."""
    problem = context.provinces_problem(entry, "from", "to")
    if problem:
        return False, problem
    source, target, armies = entry.number("from"), entry.number("to"), entry.number("armies")
    problem = context.attack_problem(source, target, armies) or limit(
        entry, context, ATTACK_LINES, "attack"
    )
    if problem:
        return False, problem
    context.holdings.attack_accepted(source, target)
    notes = (
        context.own_target_note(target, "it is ignored and takes none of your attacks"),
        context.taken_note(source),
        context.armies_note(source, armies),
        _beyond_the_attacks(context),
    )
    return True, "; ".join(note for note in notes if note)


def _beyond_the_attacks(context: Context) -> str:
    """The note on an accepted attack line past the attacks the player has (TECH upgrades
    ordered before the attacks, as Intermediate WoK's are, count)."""
    line = context.counts["attack"]
    allowed = attacks_allowed(context.state.player(context.player).tech + context.tech_upgrades)
    if line <= allowed:
        return ""
    return (
        f"note: attack line {line} of yours, and you have {counted(allowed, 'attack')}: only valid"
        " orders count, so it runs only if an earlier one is ignored when the turn runs"
    )


def check_upgrade(entry: RawEntry, context: Context) -> tuple[bool, str]:
    name = entry.code("upgrade")
    problem = "" if name in UPGRADES else f"upgrade must be one of {', '.join(UPGRADES)}"
    problem = problem or limit(entry, context, len(UPGRADE_COSTS), "upgrade")
    if problem:
        return False, problem
    context.tech_upgrades += name == "TECH"
    return True, ""


def spy_checker(names: Mapping[int, str]) -> Check:
    """The check of a spy line, an unknown OP refused with the operations as the ruleset's
    report names them (``names``: Intermediate writes "steal GOLD", ruling 28)."""

    def check_spy(entry: RawEntry, context: Context) -> tuple[bool, str]:
        problem = context.provinces_problem(entry, "from", "to")
        if problem:
            return False, problem
        if entry.number("op") not in names:
            problem = "OP must be 1 to 5: " + ", ".join(f"{k} = {n}" for k, n in names.items())
        return spy_checked(entry, context, problem, SPY_ORDERS)

    return check_spy


check_spy: Check = spy_checker(OP_NAMES)


def check_vote(entry: RawEntry, context: Context) -> tuple[bool, str]:
    return True, ""
