"""A player's attack lines as the turn will take them, for his order confirmation's forecast
(``forecast.py``, ``troopforecast.py``): which run for sure and send their troops, which the
battles decide, which find no troops left, and which come after the attacks he has and so
never run.

The turn takes the first ``ATTACK_LINES`` lines in their order and stops once the attacks
the player's tech allows have run: "Only valid orders count towards your attack limit" (a
line from a province not his, on one not next to it or his already, from one his earlier
lines emptied, or one protection or a NAP cancels runs not and counts not). WoK IV's turn
runs every line its order file holds, which holds only the lines that count. The forecast knows
no battle's outcome: a line from a province an earlier line may take, on a province an
earlier line may take, or from one an earlier such line may empty, runs or not as the
battles go, and may take an attack; a line after it runs for sure only when it fits the
limit even if every such line counts, and never runs once the lines sure to run have used
every attack."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from wtg.rules.wok.attacking import ARMIES, ATTACK_LINES
from wtg.rules.wok.orders import Attack
from wtg.rules.wok.state import WokState


@dataclass(frozen=True)
class AttackSending:
    """What a ruleset's turn does around its attacks, as the forecast needs it."""

    movement: str
    """The phase that moves troops (its name, as the turn's skipped lines give it)."""
    attacks_allowed: Callable[[int], int]
    """The attack lines that count, by the player's tech."""
    upgrades_first: bool = False
    """Whether the tech upgrades run before the attacks (Intermediate's phase 1), so that
    the tech after them counts the attack lines; else the tech the turn starts with does
    (Standard's upgrades are phase 9; WoK IV fixes them by the tech points the turn begins
    with, ruling 6)."""
    upgrade_troops: str | None = None
    """The phase that upgrades troops (Intermediate's phase 7; None: the ruleset has none)."""
    turn_limits: bool = True
    """Whether the turn stops once the attacks allowed have run (Standard, Intermediate);
    WoK IV's runs every line its order file holds, cut to the first N when accepted
    ("you MUST use the 5 first attack orders for them and only they will be used"), so
    that its limit is the form's lines."""
    sent: tuple[str, str] = ARMIES
    """What an attack line sends, one and many, as a line that would not run says it
    (``wtg.rules.wok.attacking.TROOPS``: Intermediate's)."""

    def attacks(self, tech: int) -> int:
        """The attack lines the turn may run, at ``tech``."""
        return self.attacks_allowed(tech) if self.turn_limits else ATTACK_LINES


class Fate(Enum):
    """What the turn does with an attack line."""

    SURE = "sure"
    """It runs, whatever the others do, and sends its troops."""
    MAYBE = "maybe"
    """The battles before it decide whether it runs (it may take an attack)."""
    ARMLESS = "armless"
    """From a province of his that his lines sure to run have emptied: the turn skips it,
    "no armies left"."""
    IGNORED = "ignored"
    """Off the map, not next to its source, from a province no line of his may take, on
    one of his, or cancelled (protection, a NAP): the turn skips it and it takes no
    attack."""
    PAST = "past"
    """After the lines sure to run have used every attack: the turn never comes to it."""


@dataclass(frozen=True)
class Line:
    """One attack line and its fate."""

    order: Attack
    fate: Fate


def attack_fates(
    state: WokState,
    lines: Sequence[Attack],
    player: int,
    allowed: int,
    cancelled: Collection[str] = (),
    troops: Mapping[int, int] | None = None,
) -> list[Line]:
    """The fate of each of the first ``ATTACK_LINES`` of ``lines`` (``allowed``: the attacks
    the player has; ``cancelled``: the texts, ``attack on T from S``, of the lines that
    protection or a NAP cancels; ``troops``: each of his provinces' troops as the turn
    begins, when ``state`` has moved on since, else ``state``'s)."""
    sure = maybe = 0
    sure_left: dict[int, int] = {}
    """The troops left in a province once the lines sure to run have sent theirs..."""
    least_left: dict[int, int] = {}
    """... and once every line that may run has."""
    aimed: set[int] = set()
    """The provinces an earlier line that may run sets out to take."""
    fates: list[Line] = []
    for order in lines[:ATTACK_LINES]:
        source, target, armies = order.source, order.target, max(order.armies, 0)
        if sure >= allowed:
            fates.append(Line(order, Fate.PAST))
            continue
        if not (state.has_province(source) and state.has_province(target)):
            fates.append(Line(order, Fate.IGNORED))
            continue
        province = state.province(source)
        if target not in province.neighbours or f"attack on {target} from {source}" in cancelled:
            fates.append(Line(order, Fate.IGNORED))
            continue
        if province.owner != player:
            if source in aimed:  # an earlier line may take it: the battle decides
                maybe += 1
                aimed.add(target)
                fates.append(Line(order, Fate.MAYBE))
            else:
                fates.append(Line(order, Fate.IGNORED))
            continue
        if state.province(target).owner == player:
            # his now: it runs only if another player takes it first, and the forecast is
            # the turn as if nobody else acted
            fates.append(Line(order, Fate.IGNORED))
            continue
        start = troops.get(source, 0) if troops is not None else province.troops
        here = sure_left.setdefault(source, start)
        least = least_left.setdefault(source, start)
        if here < 1:
            fates.append(Line(order, Fate.ARMLESS))
            continue
        if target in aimed or least < 1 or sure + maybe >= allowed:
            maybe += 1
            least_left[source] = least - min(least, armies)
            aimed.add(target)
            fates.append(Line(order, Fate.MAYBE))
            continue
        sure += 1
        sure_left[source] = here - min(here, armies)
        least_left[source] = least - min(least, armies)
        aimed.add(target)
        fates.append(Line(order, Fate.SURE))
    return fates


def sending(fates: Sequence[Line]) -> dict[int, int]:
    """The troops the lines sure to run send from each province."""
    sent: dict[int, int] = {}
    for line in fates:
        if line.fate is Fate.SURE:
            sent[line.order.source] = sent.get(line.order.source, 0) + max(line.order.armies, 0)
    return sent


def later_attacks(fates: Sequence[Line], allowed: int) -> int:
    """The attacks the turn will decide: the lines that run for sure or may, at most the
    attacks the player has."""
    return min(allowed, sum(1 for line in fates if line.fate in (Fate.SURE, Fate.MAYBE)))
