"""The WoK forecast with the lines the player's own attacks leave without troops: a move of
troops out of a province whose troops of its kind his attack lines send away (every
ruleset moves after attacking), and Intermediate's Upgrade Troops lines (phase 7, after
the attacks of phase 3).

The WoK forecast leaves the attacks to the turn and its table keeps the troops they send
where they are now (it says so): a move of 5 ARM out of a province whose ARM the attack
lines send away all was forecast as if it ran, with no word, and the turn skipped it. An
attack takes the troops it sends, won or lost (ARM first, then PIK, ARC, KNI, CAT), and
nothing of another player's brings troops back: so the forecast runs once more on a copy
whose attacks have sent their troops, and such a line that this run skips and the first
did not is said as one that would not run, as the turn will say it. The attacks sent are
those of the lines sure to run, counted as the turn counts them (``_sending``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wok.attacking import ATTACK_LINES
from wtg.rules.wok.forecast import forecast_on, players_part
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.troops import take_troops
from wtg.rules.wok.turn import Phase
from wtg.rules.wok.view import ProvinceRow

AFTER_ATTACKS = "once your attacks from it have sent their troops"
"""What the reason of such a line adds to the turn's ("no ARM in province 4")."""


@dataclass(frozen=True)
class AttackSending:
    """What a ruleset's turn does around its attacks, as this forecast needs it."""

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


def troops_forecast(
    state: WokState,
    orders: Mapping[str, Json],
    player: int,
    phases: Sequence[Phase],
    row: Callable[[Province], ProvinceRow],
    waste_remainder: bool,
    rules: AttackSending,
) -> dict[str, object]:
    """The WoK forecast (``forecast_on``), with the moves and Upgrade Troops lines the
    player's attacks leave without troops of their kind among those that would not run."""
    result = forecast_on(players_part(state, player), orders, player, phases, row, waste_remainder)
    skipped = _skipped(result)
    sending = _sending(state, orders, player, _tech(state, player, result, rules), skipped, rules)
    changed = {_number(line.get("province")) for line in _objects(orders.get("upgrade_troops"))}
    changed |= {_number(line.get("from")) for line in _objects(orders.get("move"))}
    if not changed & set(sending):
        return result
    work = players_part(state, player)
    for source, armies in sending.items():
        take_troops(work.province(source), armies)
    again = forecast_on(work, orders, player, phases, row, waste_remainder)
    said = {(s["phase"], s["order"]) for s in skipped}
    for line in _skipped(again):
        phase, order = line["phase"], line["order"]
        if (phase, order) in said or not _emptied(phase, order, sending, rules):
            continue
        reason = f"{line['reason']} {AFTER_ATTACKS}"
        skipped.append({"phase": phase, "order": order, "reason": reason})
    return result


def _emptied(phase: str, order: str, sending: Mapping[int, int], rules: AttackSending) -> bool:
    """Whether a line the run after the attacks skips is one they leave without troops: an
    Upgrade Troops line, or a move out of a province the attacks send troops from (the
    move's text, ``move 3 KNI from 16 to 20``, names it; a move out of a province the
    attacks send none from is skipped for want of what an earlier move would have brought,
    which the first run says)."""
    if phase == rules.upgrade_troops:
        return True
    return phase == rules.movement and any(f" from {source} to " in order for source in sending)


def _skipped(result: Mapping[str, object]) -> list[dict[str, str]]:
    """The forecast's lines that would not run (its ``skipped``, a list it keeps)."""
    skipped = result["skipped"]
    assert isinstance(skipped, list)  # ForecastTurn.skipped
    return skipped


def _objects(value: Json) -> list[JsonObject]:
    """The lines of a section of the order file (none when it is no list)."""
    items = value if isinstance(value, list) else []
    return [item for item in items if isinstance(item, dict)]


def _number(value: Json) -> int:
    """A field of a line, a whole number (0, no province, when it is none)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _tech(state: WokState, player: int, result: Mapping[str, object], rules: AttackSending) -> int:
    """The tech that counts the player's attack lines: after his upgrades where they run
    first (the forecast's), else the tech the turn starts with."""
    if not rules.upgrades_first:
        return state.player(player).tech
    tech = result["tech"]
    return tech if isinstance(tech, int) else 0


def _sending(
    state: WokState,
    orders: Mapping[str, Json],
    player: int,
    tech: int,
    skipped: list[dict[str, str]],
    rules: AttackSending,
) -> dict[int, int]:
    """The troops the attack lines sure to run send from each province of his, the lines
    taken as the turn takes them: in their order, the first ``ATTACK_LINES``, and "Only
    valid orders count towards your attack limit" (Standard and Intermediate; WoK IV's
    order file holds only the lines that count, so the same count keeps them all). A line
    from a province not his, to a province not next to it or his already, from one his
    earlier lines have emptied, or one the forecast cancels (protection, a NAP) does not
    run and takes no attack. A line whose running the battles decide (from a province an
    earlier line may take, on a province an earlier line may take, from a province an
    earlier such line may empty) sends nothing sure, and may take an attack: a line after
    it runs for sure only when it fits the limit even if every such line counts."""
    cancelled = {s["order"] for s in skipped if s["phase"] == "attack"}
    allowed = rules.attacks_allowed(tech)
    sure = maybe = 0
    sure_left: dict[int, int] = {}
    """The troops left in a province once the lines sure to run have sent theirs..."""
    least_left: dict[int, int] = {}
    """... and once every line that may run has."""
    aimed: set[int] = set()
    """The provinces an earlier line that may run sets out to take."""
    sending: dict[int, int] = {}
    for line in _objects(orders.get("attack"))[:ATTACK_LINES]:
        if sure >= allowed:
            break
        source, target = _number(line.get("from")), _number(line.get("to"))
        armies = max(_number(line.get("armies")), 0)
        if not (state.has_province(source) and state.has_province(target)):
            continue
        if f"attack on {target} from {source}" in cancelled:
            continue
        province = state.province(source)
        if target not in province.neighbours or state.province(target).owner == player:
            continue
        if province.owner != player:
            if source in aimed:  # an earlier line may take it: the battle decides
                maybe += 1
                aimed.add(target)
            continue
        here = sure_left.setdefault(source, province.troops)
        least = least_left.setdefault(source, province.troops)
        if here < 1:
            continue  # emptied by the lines sure to run before it
        if target in aimed or least < 1 or sure + maybe >= allowed:
            maybe += 1
            least_left[source] = least - min(least, armies)
            aimed.add(target)
            continue
        sure += 1
        sending[source] = sending.get(source, 0) + armies
        sure_left[source] = here - min(here, armies)
        least_left[source] = least - min(least, armies)
        aimed.add(target)
    return sending
