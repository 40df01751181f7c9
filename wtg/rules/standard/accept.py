"""Checking Standard WoK orders as they arrive: the sections it shares with Intermediate WoK
(``wtg.rules.wok.checks``) and with every WoK ruleset (``wtg.rules.wok.accept``); no alliances
in a Skirmish, Duel or Trinity, nor in a game that started with 5 players or fewer."""

from __future__ import annotations

from wtg.core.orders import RawEntry
from wtg.rules.wok.accept import SHARED_CHECKS, Check, Context
from wtg.rules.wok.checks import check_attack, check_bomb, check_spy, check_upgrade, check_vote
from wtg.rules.wok.phases.victory import ALLIANCE_MIN_PLAYERS
from wtg.rules.wok.state import WokState
from wtg.rules.wok.upgrades import UPGRADE_COSTS

NO_ALLIANCES = ("skirmish", "duel", "duel-lite", "trinity")
"""The variants without alliances ("There are no NAPs or alliances in a skirmish game";
Duel and Trinity: ruling 41 of docs/rules/standard.md's table): their form has no ALLIANCE."""


def no_alliance(state: WokState) -> str | None:
    """Why the game has no alliances, or None when it has them: a variant without them, or
    a game of too few players ("players can only share victory if the game started with
    more than 5 players", and sharing the victory is all an alliance does)."""
    if state.variant in NO_ALLIANCES:
        return f"there are no alliances in a {state.variant}"
    if state.started_with < ALLIANCE_MIN_PLAYERS:
        return (
            f"an alliance shares victory only in a game that started with more than "
            f"{ALLIANCE_MIN_PLAYERS - 1} players, and this one started with {state.started_with}"
        )
    return None


def no_vote(state: WokState) -> str | None:
    """Why the game has no vote to end it, or None: a Duel, Duel-Lite or Trinity ends by
    its RIPs or when all but one human have given up (ruling 41); its robots are players
    who never vote, so no "unanimous vote of the remaining players" could end it."""
    if not state.rip_target:
        return None
    return (
        f"a {state.variant} has no vote to end it: it ends when a player has "
        f"{state.rip_target} RIPs of colours not his own, or when all but one player "
        "have lost or quit every colour (Q1: 1 on a colour's form quits it)"
    )


def _check_vote(entry: RawEntry, context: Context) -> tuple[bool, str]:
    why = no_vote(context.state)
    if why is not None:
        return False, why
    return check_vote(entry, context)


def _check_ally(entry: RawEntry, context: Context) -> tuple[bool, str]:
    why = no_alliance(context.state)
    if why is not None:
        return False, why
    return SHARED_CHECKS["ally"](entry, context)


def _check_upgrade(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """Standard's upgrade line, with a note when the gold the player has now does not pay
    for it. Upgrades are phase 9, after "4. Working", whose mining adds gold (and nothing
    before them takes any: spying, which steals it, is phase 10): gold now that pays for a
    line pays for it then, and a line it does not pay for waits on the mining, which the
    confirmation cannot promise (entropy, the EFF and the other players' attacks decide
    it; the forecast says what it would be if nobody else acted). Ruling 12."""
    accepted, reason = check_upgrade(entry, context)
    if not accepted:
        return accepted, reason
    spent = context.counts.get("upgrade gold", 0)
    paid = context.counts.get("upgrades paid", 0)
    waiting = context.counts.get("upgrades waiting", 0)
    gold = context.state.player(context.player).gold - spent
    cost = UPGRADE_COSTS[min(paid, len(UPGRADE_COSTS) - 1)]
    if gold >= cost and not waiting:
        context.counts["upgrades paid"] = paid + 1
        context.counts["upgrade gold"] = spent + cost
        return accepted, reason
    context.counts["upgrades waiting"] = waiting + 1
    left = " left after your earlier upgrades" if spent else ""
    price = f"{cost} gold"
    if waiting:
        top = UPGRADE_COSTS[min(paid + waiting, len(UPGRADE_COSTS) - 1)]
        earlier = (
            "upgrade waiting on the mining is"
            if waiting == 1
            else "upgrades waiting on the mining are"
        )
        price += f", up to {top} if your earlier {earlier} bought,"
    return True, (
        f"note: this upgrade costs {price} and you have {gold}{left} now: it is bought"
        " only if the gold your provinces mine this turn (phase 4, before the upgrades"
        " of phase 9) makes up the rest"
    )


CHECKS: dict[str, Check] = {
    "bomb": check_bomb,
    "attack": check_attack,
    "transform": SHARED_CHECKS["transform"],
    "move": SHARED_CHECKS["move"],
    "aim": SHARED_CHECKS["aim"],
    "upgrade": _check_upgrade,
    "spy": check_spy,
    "ally": _check_ally,
    "vote_end": _check_vote,
    "quit": SHARED_CHECKS["quit"],
    "ready": SHARED_CHECKS["ready"],
}
