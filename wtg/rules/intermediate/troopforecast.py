"""Intermediate's forecast: the WoK one, and the Upgrade Troops lines that will find no troops
of their kind because the player's own attacks (phase 3, before Upgrade Troops in phase 7)
send them away.

The WoK forecast leaves the attacks to the turn and its table keeps the troops they send
where they are now (it says so): an Upgrade Troops line in a province whose ARM the attack
lines send away all was forecast as if it ran, with no word. An attack takes the troops it
sends, won or lost (ARM first, then PIK, ARC, KNI, CAT), and nothing of another player's
brings troops back: so the forecast runs once more on a copy whose attacks have sent their
troops, and an Upgrade Troops line that this run skips and the first did not is said as one
that would not run, as the turn will say it. So is a move of troops (phase 9) out of a
province the attacks leave without troops of its kind: a move of 3 KNI out of a province
whose every KNI an attack line sends was forecast as moving them, and the turn skips it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.intermediate.phases.troops import PHASE
from wtg.rules.intermediate.resolve import MOVEMENT
from wtg.rules.wok.attacking import attacks_allowed
from wtg.rules.wok.forecast import forecast_on, players_part
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.troops import take_troops
from wtg.rules.wok.turn import Phase
from wtg.rules.wok.view import ProvinceRow

AFTER_ATTACKS = "once your attacks from it have sent their troops"
"""What the reason of such a line adds to the turn's ("no ARM in province 4")."""


def troops_forecast(
    state: WokState,
    orders: Mapping[str, Json],
    player: int,
    phases: Sequence[Phase],
    row: Callable[[Province], ProvinceRow],
    waste_remainder: bool,
) -> dict[str, object]:
    """The WoK forecast (``forecast_on``), with the Upgrade Troops lines the player's attacks
    leave without troops of their kind among those that would not run."""
    result = forecast_on(players_part(state, player), orders, player, phases, row, waste_remainder)
    skipped = _skipped(result)
    sending = _sending(state, orders, player, result, skipped)
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
        if (phase, order) in said or not _emptied(phase, order, sending):
            continue
        reason = f"{line['reason']} {AFTER_ATTACKS}"
        skipped.append({"phase": phase, "order": order, "reason": reason})
    return result


def _emptied(phase: str, order: str, sending: Mapping[int, int]) -> bool:
    """Whether a line the run after the attacks skips is one they leave without troops: an
    Upgrade Troops line, or a move out of a province the attacks send troops from (the
    move's text, ``move 3 KNI from 16 to 20``, names it; a move out of a province the
    attacks send none from is skipped for want of what an earlier move would have brought,
    which the first run says)."""
    if phase == PHASE:
        return True
    return phase == MOVEMENT and any(f" from {source} to " in order for source in sending)


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


def _sending(
    state: WokState,
    orders: Mapping[str, Json],
    player: int,
    result: Mapping[str, object],
    skipped: list[dict[str, str]],
) -> dict[int, int]:
    """The troops the attack lines that run send from each province of the player's: the
    first lines the player's tech level (after his upgrades) allows, each from a province
    of his to one not his, those the forecast already cancels aside."""
    cancelled = {s["order"] for s in skipped if s["phase"] == "attack"}
    tech = result["tech"]
    allowed = attacks_allowed(tech if isinstance(tech, int) else 0)
    sending: dict[int, int] = {}
    for line in _objects(orders.get("attack"))[:allowed]:
        source, target = _number(line.get("from")), _number(line.get("to"))
        armies = _number(line.get("armies"))
        if not (state.has_province(source) and state.has_province(target)):
            continue
        if state.province(source).owner != player or state.province(target).owner == player:
            continue
        if f"attack on {target} from {source}" in cancelled:
            continue
        sending[source] = sending.get(source, 0) + max(armies, 0)
    return sending
